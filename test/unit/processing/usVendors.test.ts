import { describe, expect, it } from 'vitest';
import { extractFields } from '../../../src/service/processing/extract/extractor.js';
import { linesFromText } from '../../../src/service/processing/layout/lines.js';
import type { PageLayout } from '../../../src/service/processing/layout/model.js';
import { tidyVendorName } from '../../../src/service/processing/extract/vendor.js';
import { INVOICE_SCHEMA } from './helpers.js';

// US professional services bills, generated text layers: a law firm's name with its legal form
// (PLLC, a professional limited liability company) heads the page over a client that is an "Inc.",
// and a name read with its street address joined after its legal form.

const vendorOf = (lines: string[]) => {
  const pages: PageLayout[] = [{ number: 1, width: 612, height: 792, source: 'text', quality: 1, lines: linesFromText(lines.join('\n'), 1) }];
  return extractFields(pages, INVOICE_SCHEMA).find((f) => f.title === 'Vendor Name')!.value;
};

describe('US vendors', () => {
  it('a PLLC heading the bill, not the client Inc. under it', () => {
    expect(vendorOf([
      '                        Delacroix Fenn PLLC',
      '            1575 Main St | Boston, MA 02110 | (878) 406-2398',
      '                    Federal Tax ID 23-6602088',
      '',
      'Harbor Freight Brokers, Inc.                      Invoice No.      186337',
      'Attn: Legal Dept.                                 Invoice Date     01/20/2020',
      '700 Harbor Blvd                                   Client/Matter    10635-007',
      '',
      'Re: Acquisition of Lakeview Storage LLC',
      'For professional services rendered through 01/17/2020',
      'Date        Timekeeper   Description                 Hours   Rate     Amount',
      '01/06/2020  JF           Review purchase agreement   2.5     350.00   875.00',
      'Total professional services                                           875.00',
      'Total due                                                             $875.00',
    ])).toBe('Delacroix Fenn PLLC');
  });

  it('a street address joined after the legal form is no part of the name', () => {
    expect(tidyVendorName('Fieldnote Marketing Group, Inc.465 Lexington Ave', true)).toBe('Fieldnote Marketing Group, Inc.');
    expect(tidyVendorName('Harbour & Finch LLP 12 Kings Road', false)).toBe('Harbour & Finch LLP');
    expect(tidyVendorName('Studio 54 Ltd', false)).toBe('Studio 54 Ltd');
  });
});
