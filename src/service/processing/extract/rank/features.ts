import type { Cell, Line } from '../../layout/model.js';
import { amountsIn, lostDecimalReading } from '../../parse/amounts.js';
import { DAMAGED_SEPARATOR, GLUED_DAY_MONTH, gluedDayMonth, LOST_SEPARATOR, parseDate, YEAR } from '../../parse/dates.js';
import type { DocContext } from '../context.js';
import { normLabel } from '../context.js';
import { lostLeadReadings } from '../repairs.js';
import { folded, KW } from '../summaryWords.js';
import { ADDRESSEE, addresseeEnd, buyerBlock, formEnds, JA_ADDRESS, LEGAL_NAME, namesNoOne, tidyVendorName, WORLD_FORMS } from '../vendor.js';

// Candidates for the fields a learned ranker chooses, each with a feature vector
// read from the words around it: label words on its line and the line above, its
// place on the page, its size, its arithmetic with the other amounts, and whether
// the hand-written rules picked it. The same code runs when training and at run
// time, so a feature means one thing in both.

export type RankedRole = 'vendor' | 'invoiceDate' | 'total';
export const RANKED_ROLES: RankedRole[] = ['vendor', 'invoiceDate', 'total'];

export interface RankCandidate {
  value: string | number;
  line: Line;
  x: number[];
}

/** What the rules chose, one feature among the others, and how they came to it. */
export type RuleChoice = Partial<Record<RankedRole, unknown>> & {
  /** The rules' totals passed a cross-check (subtotal + tax = total, or the items add up). */
  totalsConsistent?: boolean;
  /** The rules read the vendor next to a vendor label ("Supplier:", "From"). */
  vendorLabelled?: boolean;
};

const test = (re: RegExp, s: string | undefined) => (s !== undefined && re.test(s) ? 1 : 0);
const near = (a: number, b: number) => Math.abs(a - b) <= 0.011;
const fiveCents = (v: number) => Math.abs(Math.round(v * 100) % 5) === 0;

// ---- total -------------------------------------------------------------------

export const TOTAL_FEATURES = [
  'rule', 'kwTotal', 'kwGrand', 'kwSub', 'kwTax', 'kwCash', 'kwChange', 'kwRounding', 'kwDiscount', 'kwCount',
  'aboveTotal', 'aboveGrand', 'lineY', 'isMax', 'maxRank', 'fracOfMax', 'repeats', 'subPlusTax', 'cashMinusChange',
  'twoDecimals', 'rightEdge', 'lastInLine', 'longDigits', 'dateOrTime', 'negative', 'repaired', 'amountsBelow', 'ruleOnTextLayer',
  'roundedTwin', 'unroundedTwin', 'threeDecimals', 'ruleConsistent', 'taxRateLine', 'taxOfAnother',
];

// Tax rates in use around the world, for telling a tax amount by its arithmetic ("6% of 26.85").
const TAX_RATES = [5, 6, 7, 8, 10, 15, 16, 19, 20, 21, 25];

interface AmountSpot { value: number; line: Line; lineIndex: number; text: string; last: boolean; x1: number; repaired: boolean }

function amountSpots(ctx: DocContext, ruleTotal?: number): AmountSpot[] {
  const spots: AmountSpot[] = [];
  ctx.lines.forEach((line, lineIndex) => {
    line.cells.forEach((cell, ci) => {
      // A date or a time ("2024-04-02", "25/12/2018 13:45") holds numbers, not amounts.
      if (parseDate(cell.text, ctx.order) && !/\d[.,]\d{2}(?!\d)/.test(cell.text.replace(DATE_RE, ''))) return;
      // An identifier ("XL-0402", "INV/2024/17") is no amount either.
      if (/\p{L}[-/]?\d/u.test(cell.text) && !/\d[.,]\d{2}(?!\d)/.test(cell.text)) return;
      const last = ci === line.cells.length - 1;
      for (const value of amountsIn(cell.text, ctx.decimal)) {
        if (Number.isFinite(value) && Math.abs(value) < 1e9) spots.push({ value, line, lineIndex, text: cell.text, last, x1: cell.x1, repaired: false });
      }
      // A decimal mark OCR lost ("8091" for 80.91): the repaired reading competes too.
      if (ctx.quality < 1) {
        const repaired = lostDecimalReading(cell.text);
        if (repaired !== null) spots.push({ value: repaired, line, lineIndex, text: cell.text, last, x1: cell.x1, repaired: true });
      }
      // A figure that lost its leading digit (`,656.66`): the reading the rules' arithmetic chose, alone.
      const lead = ruleTotal === undefined ? undefined : lostLeadReadings(cell.text, line, ctx).find((v) => near(v, ruleTotal));
      if (lead !== undefined) spots.push({ value: lead, line, lineIndex, text: cell.text, last, x1: cell.x1, repaired: true });
    });
  });
  return spots;
}

// A total sits among the last amounts of a document: a long one (a 300-page listing) is read
// from its last amounts only, so the arithmetic features stay cheap.
const MAX_AMOUNTS = 400;

export function totalCandidates(ctx: DocContext, rules: RuleChoice): RankCandidate[] {
  // A zero ("Discount 0.00", "Change 0.00") is no total while anything else was paid.
  const all = amountSpots(ctx, typeof rules.total === 'number' ? rules.total : undefined).slice(-MAX_AMOUNTS);
  const nonZero = all.some((s) => s.value !== 0) ? all.filter((s) => s.value !== 0) : all;
  // Nor, but on a credit note, is a figure printed with a minus ("Total Savings -6.40", "Cash -50.00").
  const credit = nonZero.some((s) => s.value > 0) && ctx.type === 'credit_note';
  const spots = credit ? nonZero : nonZero.some((s) => s.value > 0) ? nonZero.filter((s) => s.value > 0) : nonZero;
  if (!spots.length) return [];
  const values = spots.map((s) => s.value);
  const positives = [...new Set(values.filter((v) => v > 0))].sort((a, b) => b - a);
  const cents = new Set(positives.map((v) => Math.round(v * 100)));
  // Two other amounts that add up to v (subtotal + tax), found through the set of cents.
  const sumOfTwo = (v: number) => positives.some((a) => a < v && a * 2 > v - 0.011 && [-1, 0, 1].some((d) => cents.has(Math.round((v - a) * 100) + d) && Math.round((v - a) * 100) + d !== Math.round(a * 100)));
  const max = positives[0] ?? 1;
  const counts = new Map<number, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  const kwOf = (i: number) => normLabel(ctx.lines[i]?.text ?? '');
  const cash = spots.filter((s) => KW.cash.test(kwOf(s.lineIndex))).map((s) => s.value);
  const change = spots.filter((s) => KW.change.test(kwOf(s.lineIndex))).map((s) => s.value);
  const pageWidth = (line: Line) => ctx.pages.find((p) => p.number === line.page)?.width ?? 1;
  const n = Math.max(1, ctx.lines.length - 1);
  const lastSpot = spots.length - 1;
  const textLayer = ctx.quality >= 1;
  return spots.map((s, k) => {
    const t = kwOf(s.lineIndex);
    const above = kwOf(s.lineIndex - 1);
    const rank = positives.indexOf(s.value);
    const subPlusTax = sumOfTwo(s.value) ? 1 : 0;
    const cashMinusChange = cash.some((c) => change.some((d) => d > 0 && c > s.value && near(c - d, s.value))) ? 1 : 0;
    return {
      value: s.value,
      line: s.line,
      x: [
        rules.total !== undefined && typeof rules.total === 'number' && near(rules.total, s.value) ? 1 : 0,
        test(KW.total, t), test(KW.grand, t), test(KW.sub, t), test(KW.tax, t), test(KW.cash, t), test(KW.change, t),
        test(KW.rounding, t), test(KW.discount, t), test(KW.count, t),
        test(KW.total, above) * (s.line.cells.length === 1 ? 1 : 0), test(KW.grand, above) * (s.line.cells.length === 1 ? 1 : 0),
        s.lineIndex / n,
        rank === 0 ? 1 : 0, rank >= 0 ? 1 / (1 + rank) : 0, s.value > 0 ? s.value / max : 0,
        Math.min(3, (counts.get(s.value) ?? 1) - 1) / 3, subPlusTax, cashMinusChange,
        test(/\d[.,]\d{2}(?!\d)/, s.text), s.x1 / pageWidth(s.line), s.last ? 1 : 0,
        test(/\d{6,}/, s.text.replace(/[.,]\d{2}$/, '')), test(/\d{1,2}:\d{2}|\d{1,2}[/-]\d{1,2}[/-]\d{2}/, s.text),
        s.value < 0 ? 1 : 0, s.repaired ? 1 : 0, (lastSpot - k) / (lastSpot + 1),
        textLayer && typeof rules.total === 'number' && near(rules.total, s.value) ? 1 : 0,
        // Cash totals rounded to 5 cents beside the unrounded figure ("28.31" -> "28.30").
        fiveCents(s.value) && positives.some((v) => v !== s.value && !fiveCents(v) && Math.abs(v - s.value) < 0.05) ? 1 : 0,
        !fiveCents(s.value) && positives.some((v) => v !== s.value && fiveCents(v) && Math.abs(v - s.value) < 0.05) ? 1 : 0,
        test(/\d[.,]\d{3}(?!\d)/, s.text),
        rules.totalsConsistent && typeof rules.total === 'number' && near(rules.total, s.value) ? 1 : 0,
        // "TOTAL INCLUDES 6% GST 1.61": a total's line, but the amount is its tax.
        test(KW.tax, t) && /\d{1,2}(?:[.,]\d+)?\s?%/.test(t) ? 1 : 0,
        s.value > 0 && positives.some((v) => v > s.value && TAX_RATES.some((r) => near((v * r) / (100 + r), s.value) || near((v * r) / 100, s.value))) ? 1 : 0,
      ],
    };
  });
}

// ---- invoice date ------------------------------------------------------------

const DATE_RE = new RegExp([
  String.raw`\d{4}\s*年\s*\d{1,2}\s*月\s*\d{1,2}\s*日`,
  String.raw`\b\d{4}[-/.]\d{1,2}[-/.]\d{1,2}\b`,
  String.raw`\b\d{1,2}\s?([-/.])\s?\d{1,2}\s?\1\s?${YEAR}`,
  // Spanish and Portuguese write "3 de febrero de 2022", Latin America "del 2022".
  String.raw`\b\d{1,2}(?:st|nd|rd|th)?\.?[\s-]*(?:de\s+)?\p{L}{3,9}\.?,?[\s-]*(?:del?\s+)?(?:\d{4}|\d{2})\b`,
  String.raw`\b\p{L}{3,9}\.?\s+\d{1,2}(?:st|nd|rd|th)?(?:[,.]\s*|\s+)\d{4}\b`,
  // As OCR damaged them (parse/dates.ts): a digit too many after the year, a zero for a month's O,
  // a digit for a letter of a month written first ("Apri1 21, 2020").
  String.raw`\b\d{1,2}([-/.])\d{1,2}\2(?:(?:19|20)\d{2}|\d{2})\d(?=\s+\d{1,2}:\d{2}|\s*$|\s+\p{L})`,
  String.raw`\b\d{1,2}\s+[a-z]*0[a-z]*\s+\d{4}\b`,
  String.raw`(?<![\p{L}\d])[\p{L}01]{3,9}\.?\s+\d{1,2},?\s+\d{4}\b`,
  // A separator misread ("30:03/2023", "01 12/2024") or lost ("10/102024"; "1607/2023" after a date's label).
  DAMAGED_SEPARATOR, LOST_SEPARATOR, GLUED_DAY_MONTH,
].join('|'), 'giu');

export const DATE_FEATURES = [
  'rule', 'label', 'dueLabel', 'otherLabel', 'time', 'lineY', 'first', 'repeats', 'monthName', 'twoDigitYear', 'plausible', 'labelAbove',
  'ruleOnTextLayer',
];

const DATE_LABEL = folded(/date|dated|tarikh|datum|fecha|data|日付|日期|発行日|請求日|tgl|issued|дата|ημερομηνία|kuupäev|datums|dagsetning|tarih|tanggal|petsa|tarehe|\bpvm\b|päiväys|ngày|kelte|발행일|일자|날짜|تاريخ|दिनांक|วันที่/);
const DUE_LABEL = folded(/due|expir|valid|vigenc|vigênc|until|fällig|échéance|vencim|scadenza|verval|支払期限|pay by|splatnost|eräpäivä|forfall|forfald|förfallo|határid|scaden|vencto|dospij|dospe|rok plać|rok plač|zapadl|падеж|срок|термін|λήξ|tähtaeg|termin|apmaks|apmok|gjalddag|eindag|jatuh tempo|takdang|mwisho|vade|son ödeme|기한|期限|到期|استحقاق|देय|ครบกำหนด/);
const OTHER_DATE = folded(/deliver|ship|order|period|from|to\b|liefer|livraison|entrega|print|birth|dostawy|sprzedaży|dodání|isporuk|доставк|παράδοσ|teslim|pengiriman|leverans|levering|toimitus|teljesítés|livrare|sevk|okres|období|razdoblje/);

export function dateCandidates(ctx: DocContext, rules: RuleChoice): RankCandidate[] {
  const found: { value: string; line: Line; lineIndex: number; text: string }[] = [];
  ctx.lines.forEach((line, lineIndex) => {
    for (const m of line.text.matchAll(DATE_RE)) {
      const value = parseDate(m[0], ctx.order) ?? gluedDayMonth(m[0], ctx.order);
      if (value) found.push({ value, line, lineIndex, text: m[0] });
    }
  });
  const counts = new Map<string, number>();
  for (const f of found) counts.set(f.value, (counts.get(f.value) ?? 0) + 1);
  const n = Math.max(1, ctx.lines.length - 1);
  return found.map((f, k) => {
    const t = normLabel(f.line.text);
    const above = normLabel(ctx.lines[f.lineIndex - 1]?.text ?? '');
    const year = Number(f.value.slice(0, 4));
    return {
      value: f.value,
      line: f.line,
      x: [
        rules.invoiceDate === f.value ? 1 : 0,
        test(DATE_LABEL, t), test(DUE_LABEL, t), test(OTHER_DATE, t), test(/\b\d{1,2}:\d{2}/, t) || test(/\b\d{1,2}:\d{2}/, above),
        f.lineIndex / n, k === 0 ? 1 : 0, Math.min(3, (counts.get(f.value) ?? 1) - 1) / 3,
        test(/\p{L}{3}/u, f.text), test(/[-/.\s]\d{2}$/, f.text), year >= 1995 && year <= new Date().getUTCFullYear() + 2 ? 1 : 0,
        test(DATE_LABEL, above) * (f.line.cells.length === 1 ? 1 : 0),
        ctx.quality >= 1 && rules.invoiceDate === f.value ? 1 : 0,
      ],
    };
  });
}

// ---- vendor ------------------------------------------------------------------

export const VENDOR_FEATURES = [
  'rule', 'first', 'top3', 'order', 'lineY', 'height', 'tallest', 'suffix', 'registration', 'nextIsRegistration',
  'address', 'contact', 'title', 'digits', 'letters', 'upper', 'words', 'prevIsTallerName', 'person', 'joined', 'ruleOnTextLayer', 'cellOfLine', 'ruleOnSheet', 'ruleLabelled', 'nextIsCompany', 'namePlain', 'buyerWord', 'signedWith',
  'companyForm', 'firstCompanyForm', 'acrossGap', 'fragment', 'underBuyer',
];
// A registered company's legal form ("SDN BHD", "GmbH", "株式会社"), as against a kind of shop ("MART", "CAFE").
const COMPANY_FORM = new RegExp(String.raw`\b(sdn\.? ?bhd|bhd|s\/b|gmbh|ag|ltd|limited|llc|llp|pllc|inc|corp|sarl|sas|s\.a\.?|s\.l\.?|b\.v\.?|plc|pty|pte|srl|spa|oy|ab|aps|kk|kg|ohg|ug|e\.k|nv|n\.v|bv)\b|株式会社|有限会社|合同会社|\(株\)|（株）|${WORLD_FORMS}`, 'u');

const SUFFIX = LEGAL_NAME;
const REGISTRATION = /reg\b|reg\.|registration|co\.? ?no|company no|gst|sst|roc\b|\(\s*\d{3,}[-\s]?[a-z]\s*\)|\d{5,}-[a-z]\b|capital|siret|siren|vat|ust-?id|tax id|tin\b|abn\b|nif\b|cif\b|登録番号/;
const ADDRESS = /ja[li1]an|jln|road|\brd\b|street|\bst\b|taman|tmn|\blot\b|no\.? ?\d|floor|bandar|\b\d{5}\b|kuala|selangor|johor|malaysia|strasse|straße|\brue\b|avenue|calle|via\b|plaza|block|blok|level|unit\b|building|komplex|kompleks|persiaran|lorong|batu/;
const CONTACT = /tel|fax|phone|email|e-mail|www|http|@|h\/p|hp:/;
const TITLE = /invoice|receipt|tax|cash|bill|resit|official|rechnung|facture|factura|quittung|ticket|order|slip|statement|請求書|領収書/;
// A line that opens with a registration's label ("(Co. Reg.No", "GST ID No :") names no one.
const REGISTRATION_LABEL = /^[(（]?\s*(co\.? ?(reg|no)|company (reg|no)|gst\b|sst\b|roc\b|reg(istration)?\b|business reg)/;
const OPENER = /^(perniagaan|syarikat|kedai)$/;
const LEGAL_START = /^(co\.|\(m\)|sdn\b|bhd\b|s\/b\b|ltd\b|limited\b|gmbh\b|inc\b|llc\b|plc\b|pte\b|pty\b)/;
const PERSON = /^(mr|mrs|ms|dr|tan|lim|lee|wong|ng|chan|ong)\b/;

/** The widest space between two cells of a line, in page units. */
function widestGap(line: Line): number {
  let gap = 0;
  for (let k = 1; k < line.cells.length; k++) gap = Math.max(gap, line.cells[k].x0 - line.cells[k - 1].x1);
  return gap;
}

export function vendorCandidates(ctx: DocContext, rules: RuleChoice): RankCandidate[] {
  const page = ctx.pages[0];
  if (!page) return [];
  const lines = page.lines.filter((l) => l.y0 < page.height * 0.5).slice(0, 16);
  const heights = lines.map((l) => l.y1 - l.y0);
  const maxH = Math.max(1, ...heights.slice(0, 8));
  const ruleVendor = typeof rules.vendor === 'string' ? normLabel(rules.vendor) : undefined;
  const sheet = Math.abs(page.width / page.height - 0.72) < 0.06;
  const nameLike = (t: string) => /\p{L}{2}/u.test(t) && !CONTACT.test(t) && !ADDRESS.test(t) && !REGISTRATION.test(t) && !TITLE.test(t);
  // Where each line's text is printed last (read once per document, not once per candidate).
  const lastAt = new Map<string, Line>();
  for (const l of ctx.lines) lastAt.set(normLabel(l.text), l);
  const signedAt = (t: string, at: Line) => {
    const l = lastAt.get(t);
    return l !== undefined && l !== at && (l.page > at.page || l.y0 > at.y1);
  };
  const underBuyer = buyerBlock(page);
  // The first line at the head that names a registered company: a receipt under a shop's brand names its company there.
  const firstForm = lines.findIndex((l) => COMPANY_FORM.test(normLabel(l.text)) && !REGISTRATION.test(normLabel(tidyVendorName(l.text, ctx.ocr))) && !underBuyer(l, l.x0, l.x1));
  const features = (i: number, text: string, joined: boolean, at: Line = lines[i], cell: Cell | false = false): number[] => {
    const t = normLabel(text);
    const next = normLabel(lines[i + (joined ? 2 : 1)]?.text ?? '');
    const letters = (text.match(/\p{L}/gu) ?? []).length;
    const upper = (text.match(/\p{Lu}/gu) ?? []).length;
    const prevH = i > 0 ? heights[i - 1] : 0;
    const across = !cell && !joined && at.cells.length > 1 && widestGap(at) > 3 * (at.y1 - at.y0);
    return [
      ruleVendor !== undefined && (ruleVendor === t || (t.includes(ruleVendor) && !across)) ? 1 : 0,
      i === 0 ? 1 : 0, i < 3 ? 1 : 0, 1 / (1 + i), at.y0 / page.height, (at.y1 - at.y0) / maxH, at.y1 - at.y0 >= maxH * 0.95 ? 1 : 0,
      test(SUFFIX, t), test(REGISTRATION, t), test(REGISTRATION, next), test(ADDRESS, t) || test(JA_ADDRESS, text), test(CONTACT, t), test(TITLE, t),
      (text.match(/\d/g) ?? []).length / Math.max(1, text.length), Math.min(40, letters) / 40, upper / Math.max(1, letters),
      Math.min(6, text.split(/\s+/).length) / 6, i > 0 && prevH > (at.y1 - at.y0) * 1.2 && !test(SUFFIX, t) ? 0 : 1,
      test(PERSON, t) * (test(SUFFIX, t) ? 0 : 1), joined ? 1 : 0,
      ctx.quality >= 1 && ruleVendor === t ? 1 : 0, cell ? 1 : 0,
      // On a letter or A4 sheet (an invoice, not a till receipt) the rules' label reading holds.
      sheet && ruleVendor === t ? 1 : 0, rules.vendorLabelled && ruleVendor === t ? 1 : 0,
      // An owner's or contact's name printed over the company's ("James Finch" / "Harbour & Finch LLP").
      !joined && test(SUFFIX, next) && !test(SUFFIX, t) ? 1 : 0,
      /^\p{Lu}[\p{L}'-]+(\s+\p{Lu}[\p{L}'-]+){1,2}$/u.test(text.trim()) && !test(SUFFIX, t) ? 1 : 0,
      test(ADDRESSEE, t),
      // A letter signs off with its sender's name ("Kind regards, / Conseil Bernard & Associés").
      t.length >= 6 && signedAt(t, at) ? 1 : 0,
      test(COMPANY_FORM, t), i === firstForm && test(COMPANY_FORM, t) ? 1 : 0,
      // A line whose cells stand far apart holds two things (the vendor's and the buyer's names side by side);
      // one whose cells are close is one name printed with wide letter spacing ("FY ¦ EAGLE ¦ ENTERPRISE").
      across ? 1 : 0,
      cell && widestGap(at) <= 3 * (at.y1 - at.y0) ? 1 : 0,
      underBuyer(at, cell ? cell.x0 : at.x0, cell ? cell.x1 : at.x1) ? 1 : 0,
    ];
  };
  const out: RankCandidate[] = [];
  lines.forEach((line, i) => {
    const text = line.text.trim();
    // A business's full name after a colon ("OWN BY: CHEF LEE SDN BHD"), or after one word OCR gave
    // a colon ("THE: TOAST F&B SDN BHD"): the name, and the line read without the colon.
    const labelled = /^([^:：]{2,20})[:：]\s*(.+)$/u.exec(text);
    if (labelled && SUFFIX.test(normLabel(labelled[2])) && !namesNoOne(labelled[2]) && !REGISTRATION.test(normLabel(tidyVendorName(labelled[2], ctx.ocr))) && /\p{L}{3}/u.test(labelled[2]) && !ADDRESSEE.test(normLabel(labelled[1]))) {
      const [, head, name] = labelled;
      // Only a short word: a longer one before a colon is a label ("Company: ...", "Operated by: ...").
      const word = /^\p{L}{2,4}$/u.test(head.trim()) && nameLike(normLabel(head)) && !/^(no|nr|ref|date|name|by|from)$/i.test(head.trim());
      for (const t of word ? [name, `${head.trim()} ${name}`] : [name]) out.push({ value: tidyVendorName(t, ctx.ocr), line, x: features(i, t, false) });
    }
    if (!/\p{L}{2}/u.test(text) || namesNoOne(text) || REGISTRATION_LABEL.test(normLabel(text))) return;
    // A line that opens with a legal form ("CO. (M) SDN BHD") ends the name above it, and the Malay word
    // for a business ("PERNIAGAAN" / "RIANG RIA") opens the one below: neither is a name alone.
    const opener = OPENER.test(normLabel(text));
    if (!LEGAL_START.test(normLabel(text)) && !opener) out.push({ value: tidyVendorName(text, ctx.ocr), line, x: features(i, text, false) });
    // A line of several cells ("ACME GmbH      INVOICE"): each cell is a candidate too.
    if (line.cells.length > 1) {
      for (const cell of line.cells.slice(addresseeEnd(line) + 1)) {
        const c = cell.text.trim();
        if (/\p{L}{2}/u.test(c) && !namesNoOne(c) && !LEGAL_START.test(normLabel(c)) && !OPENER.test(normLabel(c)) && !REGISTRATION_LABEL.test(normLabel(c))) out.push({ value: tidyVendorName(c, ctx.ocr), line, x: features(i, c, false, line, cell) });
      }
    }
    // A shop name printed over two lines ("S.H.H. MOTOR (SUNGAI RENGIT)" / "SDN. BHD.").
    const next = lines[i + 1]?.text.trim();
    // Not a place below it whose name holds a kind of business ("Aust Services, M48", formEnds).
    // Also a name whose second line starts with its legal form ("POPULAR BOOK" / "CO. (M) SDN BHD").
    const legalNext = next !== undefined && LEGAL_START.test(normLabel(next)) && !REGISTRATION.test(normLabel(next)) && next.split(/\s+/).length <= 5;
    if (next && i < 8 && nameLike(normLabel(text)) && (legalNext || opener || (!SUFFIX.test(normLabel(text)) && (/^\([^\d]*$/.test(next) || (SUFFIX.test(normLabel(next)) && next.split(/\s+/).length <= 3 && formEnds(next)))))) {
      out.push({ value: tidyVendorName(`${text} ${next}`, ctx.ocr), line, x: features(i, `${text} ${next}`, true) });
    }
  });
  // The rules' choice may sit elsewhere (after a "From:" label, low on the page).
  if (typeof rules.vendor === 'string' && !namesNoOne(rules.vendor) && !REGISTRATION_LABEL.test(ruleVendor!) && !LEGAL_START.test(ruleVendor!) && !out.some((c) => normLabel(String(c.value)) === ruleVendor)) {
    const at = page.lines.findIndex((l) => normLabel(l.text).includes(ruleVendor!));
    const line = page.lines[Math.max(0, at)] ?? lines[0];
    if (line) {
      const i = lines.indexOf(line);
      out.push({ value: rules.vendor, line, x: features(i < 0 ? lines.length : i, rules.vendor, false, line) });
    }
  }
  return out;
}

export const FEATURES: Record<RankedRole, string[]> = { vendor: VENDOR_FEATURES, invoiceDate: DATE_FEATURES, total: TOTAL_FEATURES };

export function candidatesOf(role: RankedRole, ctx: DocContext, rules: RuleChoice): RankCandidate[] {
  if (role === 'vendor') return vendorCandidates(ctx, rules);
  if (role === 'invoiceDate') return dateCandidates(ctx, rules);
  return totalCandidates(ctx, rules);
}
