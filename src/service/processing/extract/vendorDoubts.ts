import { normLabel } from './context.js';
import { LEGAL_NAME, WORLD_FORMS } from './vendor.js';

// A vendor chosen by the ranker is "sure" only with evidence of its own, however its probability was
// calibrated (as a due date is, dateDoubts.ts). The ranker's probability is a share among the
// candidates it was given: over one candidate it is 1 whatever that candidate is, so a page whose
// name OCR could not read at all (Hangul through a Chinese/Latin model) gave its one readable line,
// "： TE：02-102-9540", at 0.99. On every tuning set each sure vendor that was right was a business's
// name with its form (SDN BHD, SAS, AG, Inc., B.V.) chosen among several candidates.

// A business's legal form or the kind of business it is, in more languages than the ranker's features
// know: Polish (sp. z o.o., sp. j., S.A.), Czech and Slovak (s.r.o., a.s., spol.), Chinese (有限公司,
// 公司), Korean ((주), 주식회사, 유한회사), on a normLabel'd text (lower case, accents dropped).
// The world's forms (vendor.ts's WORLD_FORMS) and the short ones that are words elsewhere too ("as", "ab", "sa").
const MORE_FORMS = new RegExp(String.raw`\b(spol\.|k\. ?s\.|v\. ?o\. ?s\.|pllc|lp|gbr|ohg|kg|ug|e\. ?k\.?|oy|ab|aps|as|nv|bv|pte|sa|sl|srl|spa|sas|sarl|snc|sprl|ltda|eireli)(?=$|[^\p{L}\p{N}])|股份|公司|商行|商店|(?:\(|（)주(?:\)|）)|㈜|주식회사|유한회사|합자회사|${WORLD_FORMS}`, 'u');

// A telephone, an e-mail or a web address, a registration or tax number's label, a document's title.
const NOT_A_NAME = /\b(tel|te|fax|phone|email|e-mail|www|http|reg|registration|gst|sst|vat|nip|regon|ico|dic|siret|siren|tax id|tin)\b|@|[:：]/;

/** Whether a vendor's name carries a business's legal form or kind (`SDN BHD`, `SARL`, `s.r.o.`, `有限公司`, `(주)`). */
export function businessForm(name: string): boolean {
  // normLabel decomposes Hangul into its letters (NFD): composed again to read "(주)".
  const t = normLabel(name).normalize('NFC');
  return LEGAL_NAME.test(t) || MORE_FORMS.test(t);
}

/**
 * A vendor the ranker chose without evidence of its own: it had fewer than two values to choose from
 * (its probability says nothing then), the name carries no business form, or it is no name at all (a
 * telephone or registration line, mostly digits, a label and its value).
 */
export function vendorUnproven(value: string, choices: number): boolean {
  if (choices < 2 || !businessForm(value)) return true;
  const t = normLabel(value);
  const digits = (t.match(/\d/g) ?? []).length;
  const letters = (t.match(/\p{L}/gu) ?? []).length;
  return NOT_A_NAME.test(t) || digits * 2 > letters;
}
