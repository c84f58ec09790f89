// The project's generated corpus as an eval corpus: every family of
// test/fixtures/corpus (the original ten layouts and the new ones: till receipts,
// tables without rules, long invoices, credit notes, payment terms, two-column
// headers, Japanese, photos, non-invoices), written in the manifest format into a
// temp folder, cached by the generator's source hash, the count and the seed.
// `generated-heldout` is the three held-out families only (heldout.ts), written after
// the extraction rules: a figure on layouts the rules were not tuned on. `generated-heldout2`
// is the second held-out set (heldout2.ts: Norwegian/Danish multi-page invoices, US and
// Swedish credit memos, Portuguese faturas, Swedish/Finnish till receipts); `generated-heldout3` the third
// (heldout3.ts: hotel folios, Italian/Dutch invoices and quotes, landscape freight invoices, restaurant
// bills, consultancy invoices with a side column of totals), written without reading the engine;
// `generated-heldout4` the fourth (heldout4.ts: Spanish/Mexican facturas with retentions, Indian GST
// invoices, marketplace invoices from third-party sellers, SaaS invoices, petrol station receipts);
// `generated-heldout5` the fifth (heldout5.ts: German/Austrian craftsmen's invoices, Swiss QR-bill invoices
// and reminders, UK/Irish wholesalers' VAT invoices and purchase orders, Australian/NZ tax invoices and
// quotes, Japanese shop receipts), written without reading the engine; `generated-heldout6` the sixth
// (heldout6.ts: Polish/Czech VAT invoices, US professional services invoices, French builders' factures and
// devis, ride/taxi/airline e-receipts and hotel booking confirmations, Korean receipts and tax invoices and
// Chinese VAT invoices), written without reading the engine; `generated-heldout7` the seventh (heldout7.ts:
// printed Italian electronic invoices, Brazilian DANFEs and sales orders, Turkish e-Arşiv invoices and
// e-İrsaliye delivery notes, UK gas and electricity bills and annual statements, pharmacy till receipts),
// written without reading the engine; `generated-heldout8` the eighth (heldout8.ts: Canadian invoices with GST/HST
// and QST/PST, Vietnamese VAT invoices, South African tax invoices, Hungarian and Romanian invoices, garages' repair
// invoices, with quotes and delivery notes among them), written without reading the engine; `generated-heldout9` the ninth
// (heldout9.ts: printed Mexican CFDIs, Portuguese faturas, Indonesian faktur, UAE and Saudi tax invoices, US and Irish law
// firms' invoices, with quotes, delivery notes, purchase orders and statements among them), written without reading the
// engine (blind until 2026-11-28, a tuning set since); `generated-heldout10` the tenth (heldout10.ts: Argentine facturas and notas de crédito, Philippine
// sales invoices and till rolls, Kenyan eTIMS and Nigerian invoices, Brazilian NFS-e, Icelandic reikningar, with quotes,
// delivery notes, order confirmations and a payment reminder among them), written without reading the engine (blind for
// its first two reads on 2026-11-28, a tuning set since); `generated-heldout11` the eleventh (heldout11.ts: Czech and
// Slovak faktury, Moroccan and Tunisian factures, Chilean, Colombian and Peruvian facturas and Chilean boletas, Croatian
// fiscal receipts and R-1 invoices, Singapore and Hong Kong clinic bills, with quotes, delivery notes and payment
// reminders among them), written without reading the engine (blind for its first read on 2026-11-28, a tuning set
// since); `generated-heldout12` the twelfth (heldout12.ts: Estonian, Lithuanian and Latvian invoices, Slovenian and
// Serbian računi and fiscal receipts, Belgian factures / facturen and Irish VAT invoices and credit notes, US dental and
// medical patient statements, Austrian, French, Irish and US parking and toll receipts, with quotes, delivery notes and
// a reminder among them), written without reading the engine (blind for its first read on 2026-11-28, a tuning set
// since); `generated-heldout13` the thirteenth
// (heldout13.ts: Egyptian e-invoices and Israeli tax invoices in English, Cypriot trade invoices with per-line discounts,
// Sri Lankan and Pakistani supermarket till slips, Ecuadorian and Uruguayan facturas, with quotes, delivery notes, a
// price list and a reminder among them), written without reading the engine (blind for its first read on 2026-11-28, a
// tuning set since); `generated-heldout14` the
// fourteenth (heldout14.ts: Finnish laskut, Ghanaian VAT invoices with levies, Tanzanian and Ugandan fiscal till
// receipts, Paraguayan and Dominican facturas, Austrian and Swiss till receipts, with quotes, delivery notes, a reminder
// and credit notes among them), written without reading the engine (blind for its first read on 2026-11-28, a tuning
// set since); `generated-heldout15` the fifteenth (heldout15.ts: bilingual Thai tax invoices with a withholding-tax
// line, West-African factures in FCFA, Guatemalan FEL and Costa Rican electronic facturas, car-rental invoices with a
// deposit line, Jamaican and Trinidadian telco bills with arrears, French avoirs, with quotes, pro formas, delivery
// notes, a reservation, letters and relevés de compte among them), written without reading the engine (blind for its
// first read in session 21, a tuning set since); `generated-heldout16` the sixteenth (heldout16.ts: Chilean DTE facturas,
// boletas and notas de crédito, Singapore GST, Malaysian MyInvois and Hong Kong invoices, Taiwanese e-invoice slips and
// mainland fapiao, airline e-ticket receipts and hotel invoices with a deposit, UK CIS subcontractor invoices, Nepali VAT
// bills and Bangladeshi Mushak-6.3, with a guía de despacho, a purchase order, a remittance advice, a valuation, a
// booking confirmation, a payslip and a statement among them), written without reading the engine (blind for its first
// read on 2026-11-29, a tuning set since); `generated-heldout17` the seventeenth (heldout17.ts: Honduran facturas with
// a CAI, Salvadoran DTE facturas, comprobantes de crédito fiscal and notas de crédito, Panamanian facturas with ITBMS,
// Rwandan EBM receipts and refunds, Zambian ZRA smart invoices, export commercial invoices with an exchange-rate
// equivalent, courier duty & tax invoices, debit notes, self-billing invoices, rent, school-fee, insurance-premium and
// municipal invoices, US grocery receipts with coupons, restaurant checks with a tip and contractor invoices with a
// remit-to address, with pro formas, payment reminders, quotes, estimates and a tenant statement among them), written
// without reading the engine (blind for its first read on 2026-11-29); `generated-heldout18` the eighteenth (heldout18.ts:
// dot-matrix invoices on pre-printed forms, hand-filled carbon duplicate books, faxed invoices, Jordanian and Lebanese
// invoices, cloud usage invoices, app store receipts, ticket invoices, vet bills, repair tickets and Cambodian till
// receipts, with delivery notes, quotes, statements, order confirmations and pawn tickets among them), written without
// reading the engine: a blind set; `generated-heldout19` the nineteenth (heldout19.ts: phone screenshots of app
// receipts, web mail print-outs, till receipts stapled onto a sheet, two-page packets, route-sales handheld printouts,
// typewritten invoices, with a transfer confirmation, order confirmations, quotes and statements among them), written
// without reading the engine: a blind set; `generated-heldout20` the twentieth (heldout20.ts: Cyrillic and Greek
// invoices and receipts with an embedded TrueType font, invoices as Word .docx and Excel .xlsx files or their prints,
// design-tool invoices in colour, documents printing two currencies, with quotes and pro formas among them), written
// without reading the engine: a blind set; `generated-heldout21` the twenty-first (heldout21.ts: ordinary documents as a
// scanner, fax server or phone hands them over: searchable scans with an OCR text layer, pages turned 90/180/270 degrees
// or by /Rotate, phone photos with an EXIF Orientation, multi-page TIFFs, 600 and 100 dpi scans, feeder batches), written
// without reading the engine: a blind set.

import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generateManifestCorpus, HELD_OUT2_FAMILY_NAMES, HELD_OUT3_FAMILY_NAMES, HELD_OUT4_FAMILY_NAMES, HELD_OUT5_FAMILY_NAMES, HELD_OUT6_FAMILY_NAMES, HELD_OUT7_FAMILY_NAMES, HELD_OUT8_FAMILY_NAMES, HELD_OUT9_FAMILY_NAMES, HELD_OUT10_FAMILY_NAMES, HELD_OUT11_FAMILY_NAMES, HELD_OUT12_FAMILY_NAMES, HELD_OUT13_FAMILY_NAMES, HELD_OUT14_FAMILY_NAMES, HELD_OUT15_FAMILY_NAMES, HELD_OUT16_FAMILY_NAMES, HELD_OUT17_FAMILY_NAMES, HELD_OUT18_FAMILY_NAMES, HELD_OUT19_FAMILY_NAMES, HELD_OUT20_FAMILY_NAMES, HELD_OUT21_FAMILY_NAMES, HELD_OUT_FAMILY_NAMES } from '../fixtures/corpus/manifest.js';
import { readCorpus, type Corpus } from './manifest.js';

const genDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'fixtures', 'corpus');

/**
 * `generated`: the default families; `generated-heldout`: only the held-out ones (heldout.ts), 42 documents by
 * default; `generated-heldout2`: only the second held-out set (heldout2.ts), 56 documents by default;
 * `generated-heldout3`: only the third (heldout3.ts), 60 documents by default; `generated-heldout4`: only the
 * fourth (heldout4.ts), 50 documents by default; `generated-heldout5`: only the fifth (heldout5.ts), 50 documents
 * by default; `generated-heldout6`: only the sixth (heldout6.ts), 50 documents by default; `generated-heldout7`: only
 * the seventh (heldout7.ts), 50 documents by default; `generated-heldout8`: only the eighth (heldout8.ts), 50 documents
 * by default; `generated-heldout9`: only the ninth (heldout9.ts), 50 documents by default; `generated-heldout10`: only the
 * tenth (heldout10.ts), 50 documents by default; `generated-heldout11`: only the eleventh (heldout11.ts), 50 documents by
 * default; `generated-heldout12`: only the twelfth (heldout12.ts), 50 documents by default; `generated-heldout13`: only
 * the thirteenth (heldout13.ts), 50 documents by default; `generated-heldout14`: only the fourteenth (heldout14.ts), 50
 * documents by default; `generated-heldout15`: only the fifteenth (heldout15.ts), 50 documents by default;
 * `generated-heldout16`: only the sixteenth (heldout16.ts), 50 documents by default; `generated-heldout17`: only the
 * seventeenth (heldout17.ts), 50 documents by default; `generated-heldout18`: only the eighteenth (heldout18.ts), 50
 * documents by default; `generated-heldout19`: only the nineteenth (heldout19.ts), 50 documents by default;
 * `generated-heldout20`: only the twentieth (heldout20.ts), 50 documents by default, seed 20251126;
 * `generated-heldout21`: only the twenty-first (heldout21.ts), 50 documents by default, seed 20251130.
 */
export const GENERATED_CORPORA = ['generated', 'generated-heldout', 'generated-heldout2', 'generated-heldout3', 'generated-heldout4', 'generated-heldout5', 'generated-heldout6', 'generated-heldout7', 'generated-heldout8', 'generated-heldout9', 'generated-heldout10', 'generated-heldout11', 'generated-heldout12', 'generated-heldout13', 'generated-heldout14', 'generated-heldout15', 'generated-heldout16', 'generated-heldout17', 'generated-heldout18', 'generated-heldout19', 'generated-heldout20', 'generated-heldout21'];
export const GENERATED_DEFAULT_COUNT: Record<string, number> = { generated: 168, 'generated-heldout': 42, 'generated-heldout2': 56, 'generated-heldout3': 60, 'generated-heldout4': 50, 'generated-heldout5': 50, 'generated-heldout6': 50, 'generated-heldout7': 50, 'generated-heldout8': 50, 'generated-heldout9': 50, 'generated-heldout10': 50, 'generated-heldout11': 50, 'generated-heldout12': 50, 'generated-heldout13': 50, 'generated-heldout14': 50, 'generated-heldout15': 50, 'generated-heldout16': 50, 'generated-heldout17': 50, 'generated-heldout18': 50, 'generated-heldout19': 50, 'generated-heldout20': 50, 'generated-heldout21': 50 };

/** A set's own default seed (the others 20251125). */
export const GENERATED_DEFAULT_SEED: Record<string, number> = { 'generated-heldout20': 20251126, 'generated-heldout21': 20251130 };

export async function generatedCorpus(count: number, seedGiven?: number, name = 'generated'): Promise<Corpus> {
  const seed = seedGiven ?? GENERATED_DEFAULT_SEED[name] ?? 20251125;
  const families = ({ 'generated-heldout': HELD_OUT_FAMILY_NAMES, 'generated-heldout2': HELD_OUT2_FAMILY_NAMES, 'generated-heldout3': HELD_OUT3_FAMILY_NAMES, 'generated-heldout4': HELD_OUT4_FAMILY_NAMES, 'generated-heldout5': HELD_OUT5_FAMILY_NAMES, 'generated-heldout6': HELD_OUT6_FAMILY_NAMES, 'generated-heldout7': HELD_OUT7_FAMILY_NAMES, 'generated-heldout8': HELD_OUT8_FAMILY_NAMES, 'generated-heldout9': HELD_OUT9_FAMILY_NAMES, 'generated-heldout10': HELD_OUT10_FAMILY_NAMES, 'generated-heldout11': HELD_OUT11_FAMILY_NAMES, 'generated-heldout12': HELD_OUT12_FAMILY_NAMES, 'generated-heldout13': HELD_OUT13_FAMILY_NAMES, 'generated-heldout14': HELD_OUT14_FAMILY_NAMES, 'generated-heldout15': HELD_OUT15_FAMILY_NAMES, 'generated-heldout16': HELD_OUT16_FAMILY_NAMES, 'generated-heldout17': HELD_OUT17_FAMILY_NAMES, 'generated-heldout18': HELD_OUT18_FAMILY_NAMES, 'generated-heldout19': HELD_OUT19_FAMILY_NAMES, 'generated-heldout20': HELD_OUT20_FAMILY_NAMES, 'generated-heldout21': HELD_OUT21_FAMILY_NAMES } as Record<string, string[]>)[name];
  const hash = crypto.createHash('sha256');
  for (const f of fs.readdirSync(genDir).sort()) if (f.endsWith('.ts')) hash.update(fs.readFileSync(path.join(genDir, f)));
  const dir = path.join(os.tmpdir(), `docsync-${name}-${hash.digest('hex').slice(0, 12)}-${count}-${seed}`);
  if (!fs.existsSync(path.join(dir, '.complete'))) {
    fs.rmSync(dir, { recursive: true, force: true });
    console.log(`generating ${count} documents into ${dir}`);
    await generateManifestCorpus(dir, { count, seed, families });
    fs.writeFileSync(path.join(dir, '.complete'), '');
  }
  return { ...readCorpus(dir), name };
}
