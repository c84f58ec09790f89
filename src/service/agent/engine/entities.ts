// Things a question names, matched against what is actually in the documents: vendors (fuzzily,
// with a threshold), invoice numbers and line items. What a question names that is in no
// document is reported as such (the answer then gives no figure); a name that fits several
// vendors equally is ambiguous (the answer lists them).
import { normalizeName, similarity, textOf, type DocRecord, type LineItem } from './records.js';

/** A whole name at least this similar counts as named; a single distinctive word needs a little more. */
export const NAME_THRESHOLD = 0.8;
export const WORD_THRESHOLD = 0.85;

export interface Vendor {
  /** The name as most documents spell it. */
  name: string;
  norm: string;
  records: DocRecord[];
}

/** Words of questions: never part of a vendor's name as a question gives it. */
const ASKING_WORDS = `invoice invoices receipt receipts bill bills document documents total totals amount amounts sum paid pay payment payments spent spend
  due date vendor vendors supplier suppliers company companies month year quarter fiscal average largest smallest biggest highest lowest
  latest earliest list show which what when where how many much count number tax currency from with for the and our we did you of in on
  to by per each all any than over under above below more less between before after since until this last next first
  請求書 合計 金額 支払 支払い 取引先 会社 件数 平均`.split(/\s+/);
/** Words common to many company names: alone, they never identify a vendor. */
const GENERIC_WORDS = `supplies supply services service trading hardware office print printing logistics consulting international group holdings store shop
  restaurant enterprise enterprises industries industrial solutions systems technologies technology partners global trade center centre`.split(/\s+/);
const QUESTION_WORDS = new Set([...ASKING_WORDS, ...GENERIC_WORDS]);
const ASKING = new Set(ASKING_WORDS);

/** Vendors in the records, one per name (names a misread apart are one vendor). */
export function vendorsOf(records: DocRecord[]): Vendor[] {
  const out: Vendor[] = [];
  for (const r of records) {
    const name = textOf(r.roles.vendor)?.trim();
    if (!name) continue;
    const norm = normalizeName(name);
    // A "vendor" that is only question words ("INVOICE") was misread; it must not match every question.
    if (!norm || norm.split(' ').every((w) => QUESTION_WORDS.has(w))) continue;
    const same = out.find((v) => v.norm === norm || (Math.max(v.norm.length, norm.length) >= 10 && similarity(v.norm, norm) >= (sameFirstWord(v.norm, norm) ? 0.75 : 0.85)) || runsOn(v.name, name) || runsOn(name, v.name));
    if (same) same.records.push(r);
    else out.push({ name, norm, records: [r] });
  }
  return out;
}

/**
 * A name read with the next words of the page run on: a legal form and then more ("Greenway
 * Facilities Limited Syarikat Hooli Sdn Bhd"), or an address ("Summit Creative Studio 500 Market
 * Street"). "TOKO MAJU S/B" and "TOKO MAJU BAKERY SDN. BHD." stay two vendors.
 */
function runsOn(name: string, longer: string): boolean {
  const a = name.normalize('NFKC').trim().toLowerCase();
  const b = longer.normalize('NFKC').trim().toLowerCase();
  if (b.length <= a.length || !b.startsWith(a) || !/^\s/.test(b.slice(a.length)) || a.split(/\s+/).length < 2) return false;
  const rest = b.slice(a.length).trim();
  // The shorter name ends with its legal form ("Limited", "S.L."): nothing of the name follows it.
  return /^\d/.test(rest) || normalizeName(a.split(/\s+/).at(-1)!) === '';
}

/** Names a misread apart keep their first word: "Redwood Offic eSuppy nc." is "Redwood Office Supply Inc.". */
function sameFirstWord(a: string, b: string): boolean {
  const first = a.split(' ')[0]!;
  return first.length >= 4 && !QUESTION_WORDS.has(first) && first === b.split(' ')[0];
}

const CJK = /[\u3040-\u30ff\u3400-\u4dbf\u4e00-\u9fff]/;
/** Words, with Latin and Japanese runs apart ("acmeへの" is "acme" and "への"). */
const words = (s: string) =>
  s
    .replace(/([\p{Script=Latin}\p{N}])(?=[\u3040-\u30ff\u3400-\u9fff])|([\u3040-\u30ff\u3400-\u9fff])(?=[\p{Script=Latin}\p{N}])/gu, '$1$2 ')
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** How well the question names this vendor: 1 contained whole, else the best window's similarity. */
function nameScore(q: string, qWords: string[], v: Vendor): number {
  if (CJK.test(v.norm)) return cjkScore(q, v.norm);
  const hay = ` ${qWords.join(' ')} `;
  if (hay.includes(` ${v.norm} `)) return 1;
  // A misspelt name: the words of the question around it are not part of it ("to cahaya" is not
  // "Toko Cahaya"), and one of the words that tell vendors apart must be there ("kai yang
  // international" is not "Lian Hing International", whatever the letters they share).
  const own = distinctiveWords(v);
  const n = v.norm.split(' ').length;
  let best = 0;
  for (let size = Math.max(1, n - 1); size <= n + 1; size++) {
    for (let i = 0; i + size <= qWords.length; i++) {
      const window = qWords.slice(i, i + size);
      if (own.length > 0 && !own.some((w) => window.some((t) => similarity(t, w) >= NAME_THRESHOLD))) continue;
      const named = window.filter((w) => !ASKING.has(w)).join(' ');
      best = Math.max(best, Math.min(similarity(window.join(' '), v.norm), similarity(named, v.norm)));
    }
  }
  return best;
}

function cjkScore(q: string, norm: string): number {
  const target = norm.replace(/\s+/g, '');
  const hay = q.replace(/\s+/g, '');
  if (hay.includes(target)) return 1;
  let best = 0;
  for (let i = 0; i + target.length <= hay.length; i++) best = Math.max(best, similarity(hay.slice(i, i + target.length), target));
  return best;
}

/** The distinctive words of a name that a question may use alone ("Weber" for "Weber Bürobedarf GmbH"). */
function distinctiveWords(v: Vendor): string[] {
  if (CJK.test(v.norm)) return (v.norm.match(/[\u30a0-\u30ffー]{2,}|[\u4e00-\u9fff]{2,}|[a-z0-9]{3,}/g) ?? []).filter((w) => !QUESTION_WORDS.has(w));
  return v.norm.split(' ').filter((w) => w.length >= 4 && !QUESTION_WORDS.has(w));
}

export interface VendorReading {
  /** Vendors named in the question, in the order they appear. */
  vendors: Vendor[];
  /** A word that fits several vendors equally: the answer lists them instead of a figure. */
  ambiguous?: { term: string; candidates: Vendor[] };
  /** A name given that no vendor has, though one of its words is a vendor's ("Northwind Traders"). */
  unknown?: string;
}

/** "Northwind Traders" when the question says "Northwind" followed by a capitalised word no vendor's name has. */
function longerName(question: string, term: string, v: Vendor): string | undefined {
  const tokens = question.normalize('NFKC').split(/\s+/).map((t) => t.replace(/[?!.,:;]+$/, ''));
  for (let i = 0; i + 1 < tokens.length; i++) {
    if (normalizeName(tokens[i]!) !== term) continue;
    const next = tokens[i + 1]!;
    const word = normalizeName(next);
    if (/^\p{Lu}\p{Ll}{2,}$/u.test(next) && !QUESTION_WORDS.has(word) && !NOT_NAMES.has(word) && !words(v.norm).some((w) => similarity(w, word) >= WORD_THRESHOLD)) return `${tokens[i]} ${next}`;
  }
  return undefined;
}

/** The vendors a question names, whole or by a distinctive word, above the thresholds. */
export function findVendors(question: string, records: DocRecord[]): VendorReading {
  const q = normalizeName(question);
  const qWords = words(q);
  const vendors = vendorsOf(records);
  const whole = vendors
    .map((v) => ({ v, score: nameScore(q, qWords, v) }))
    .filter((x) => x.score >= NAME_THRESHOLD)
    .sort((a, b) => b.score - a.score);
  // "TOKO MAJU BAKERY" names that vendor, not also "TOKO MAJU" (S/B) whose name it contains.
  const wholeNames = whole.map((x) => x.v).filter((v, _, all) => !all.some((o) => o !== v && o.norm.length > v.norm.length && ` ${o.norm} `.includes(` ${v.norm} `) && q.includes(o.norm)));
  const shared = sharedLead(question, qWords, vendors, wholeNames);
  if (shared) return { vendors: [], ambiguous: shared };
  // One word of a name: unique -> that vendor; shared by several equally -> ambiguous.
  const byTerm = new Map<string, Array<{ v: Vendor; score: number }>>();
  for (const v of vendors) {
    for (const w of distinctiveWords(v)) {
      const hits = CJK.test(w) ? (q.includes(w) ? [{ t: w, score: 1 }] : []) : qWords.filter((t) => t.length >= 4 && !QUESTION_WORDS.has(t)).map((t) => ({ t, score: similarity(t, w) }));
      for (const { t, score } of hits.filter((h) => h.score >= WORD_THRESHOLD)) byTerm.set(t, [...(byTerm.get(t) ?? []).filter((x) => x.v !== v || x.score < score), { v, score }]);
    }
  }
  const named = unknownName(question);
  const found: Vendor[] = [...wholeNames];
  for (const [term, hits] of byTerm) {
    // A word of a name already given whole ("Oakridge Facilities" and "facilities") is not another name.
    if (wholeNames.some((v) => distinctiveWords(v).some((w) => similarity(w, term) >= WORD_THRESHOLD))) continue;
    const best = Math.max(...hits.map((h) => h.score));
    const candidates = [...new Set(hits.filter((h) => h.score >= best - 1e-9).map((h) => h.v))];
    if (candidates.length > 1) {
      if (named && !fitsName(named, candidates)) continue;
      return { vendors: [], ambiguous: { term, candidates } };
    }
    const longer = wholeNames.length === 0 ? longerName(question, term, candidates[0]!) : undefined;
    if (longer) return { vendors: [], unknown: longer };
    if (!found.includes(candidates[0]!)) found.push(candidates[0]!);
  }
  // "Blue Harbor Trading" is not "Harbour & Finch": the name given has words no vendor found has.
  if (named && wholeNames.length === 0 && !fitsName(named, found)) return { vendors: [] };
  return { vendors: ordered(q, found) };
}

/**
 * The first words of several vendors' names given alone ("MR. D.I.Y." for "MR. D.I.Y. Family Trading"
 * and "MR. D.I.Y. Maju", "TOKO MAJU" for "TOKO MAJU S/B" and "TOKO MAJU BAKERY"): ambiguous, unless
 * the question goes on with one of them's next words, or names one as it is written.
 */
function sharedLead(question: string, qWords: string[], vendors: Vendor[], whole: Vendor[]): VendorReading['ambiguous'] {
  const raw = question.normalize('NFKC').toLowerCase();
  for (let size = 4; size >= 2; size--) {
    for (let i = 0; i + size <= qWords.length; i++) {
      const lead = qWords.slice(i, i + size);
      if (lead.join('').length < 4 || lead.every((w) => QUESTION_WORDS.has(w))) continue;
      const candidates = vendors.filter((v) => {
        const vw = v.norm.split(' ');
        return vw.length >= size && lead.every((w, k) => vw[k] === w);
      });
      if (candidates.length < 2) continue;
      // The question names one of them whole, beyond the shared words.
      if (candidates.some((v) => (v.norm.split(' ').length > size && whole.includes(v)) || raw.includes(v.name.normalize('NFKC').toLowerCase()))) continue;
      return { term: lead.join(' '), candidates };
    }
  }
  return undefined;
}

/** Whether every distinctive word of the name the question gives is in the vendors' names. */
function fitsName(named: string, vendors: Vendor[]): boolean {
  // "Stark Logistics" is not "Stark Trading": words common to company names count here. One name is
  // one vendor's: "Weber Logistik" is neither "Weber Bürobedarf" nor "De Vries Logistiek".
  const given = words(normalizeName(named)).filter((w) => !ASKING.has(w) && !NOT_NAMES.has(w));
  return vendors.some((v) => given.every((g) => words(v.norm).some((w) => similarity(w, g) >= WORD_THRESHOLD) || (CJK.test(g) && v.norm.includes(g))));
}

/** Vendors in the order the question names them (for "compare A and B"). */
function ordered(q: string, vs: Vendor[]): Vendor[] {
  const at = (v: Vendor) => {
    const i = q.indexOf(v.norm);
    if (i >= 0) return i;
    const w = distinctiveWords(v).map((x) => q.indexOf(x)).filter((x) => x >= 0);
    return w.length ? Math.min(...w) : Number.MAX_SAFE_INTEGER;
  };
  return [...vs].sort((a, b) => at(a) - at(b));
}

const NOT_NAMES = new Set(
  `january february march april may june july august september october november december jan feb mar apr jun jul aug sep sept oct nov dec
  q1 q2 q3 q4 fy usd eur gbp jpy chf myr dollars euros pounds yen total all us them it this that these those last this next each every
  in on at for of the a an and or to our my me you invoice invoices receipts bills documents month year quarter fiscal
  japanese swiss malaysian australian canadian british american german french dutch italian spanish english european euro sterling franc francs ringgit fy`.split(/\s+/),
);

/**
 * A vendor-like name the question gives that matched no vendor ("How much did we pay Contoso?",
 * "Contosoへの支払い"): the words after from/pay/paid/by/vendor, or before への/からの in Japanese.
 */
export function unknownName(question: string): string | undefined {
  const text = question.normalize('NFKC');
  // After "for" or "to" only a capitalised name counts ("average for Atlas Couriers", not "for hosting").
  const en = text.match(/\b(?:called|named)\s+((?:[\p{L}\p{N}&'.-]+\s*){1,4})/iu)
    ?? text.match(/\b(?:from|pay|paid|owe|vendor|supplier|issued by|sent by|billed by|with)\s+(?:to\s+)?((?:[\p{L}\p{N}&'.-]+\s*){1,4})/iu)
    ?? text.match(/\b(?:for|to)\s+((?=\p{Lu})(?:[\p{L}\p{N}&'.-]+\s*){1,4})/u);
  if (en) {
    const taken: string[] = [];
    for (const w of en[1]!.trim().split(/\s+/)) {
      const bare = w.replace(/[.,'?!]+$/, '').replace(/['’]s$/, '');
      if (NOT_NAMES.has(bare.toLowerCase()) || /^\d/.test(bare) || /^(fy|q[1-4]|h[12])[\d/'-]*$/i.test(bare) || /^(in|on|for|during|since|before|after|between|over|under|so|far|than|more|less|altogether|overall|combined|total|exactly|about|out|due|dates?|or|and|vs|versus|had|was|were|is|are|has|have|sent|issued|billed|charged|invoiced|sold|gave|that|who|whose|did|do|does|we|by|per|most|latest|last|first)$/i.test(bare)) break;
      taken.push(bare);
      // A possessive ends the name ("Weber's latest invoice").
      if (/['’]s$/.test(w)) break;
    }
    if (taken.length > 0 && /\p{L}/u.test(taken.join(''))) return taken.join(' ');
  }
  const before = nameBeforeInvoices(text);
  if (before) return before;
  const ja = text.match(/([\p{Script=Katakana}\p{Script=Han}\p{Script=Latin}0-9ー・&.\s-]{2,}?)(?:さん|様)?(?:への|に対する|からの|から受け取った|宛て?の?|に支払|に払|へ支払|へ払|の請求)/u);
  if (ja) {
    // The last of several names ("AとB"), without a leading particle phrase.
    const name = ja[1]!.trim().replace(/^.*[はをがのにと]/, '').trim();
    const notName = /\d|年|月|度|期|通貨|合計|平均|最大|最小|最高|最低|最新|額|請求|支払|件数|円|ドル|ユーロ|ポンド|フラン|リンギット|^[A-Za-z]{3}$/;
    if (name.length >= 2 && !notName.test(name)) return name;
  }
  return undefined;
}

/** Words that describe invoices rather than name who sent them ("all Open invoices"). */
const DESCRIBING = /^(open|unpaid|paid|overdue|outstanding|pending|corrected|reviewed|checked|recent|new|old|large|small|big|other|such|those|these|my|our|their|its|euro|dollar|yen|pound|franc|foreign|domestic|local|monthly|yearly|annual|quarterly|total|credit)$/i;
const COMPANY_JA = /会社|商会|商事|商店|工業|産業|技研|製作所|組合/;
/** A word of a name: capitalised Latin ("GmbH", "D.I.Y."), or a run of kanji and kana ("株式会社ひかり商会"). */
const NAME_WORD = "(?:\\p{Lu}[\\p{Script=Latin}\\p{N}&'.-]*|[\\p{Script=Han}\\p{Script=Katakana}][\\p{Script=Han}\\p{Script=Katakana}\\p{Script=Hiragana}ー・]*)";

/**
 * A name given right before the word invoice ("all Brookfield Stationers Ltd invoices", "a Lindqvist
 * Möbler AB invoice", "株式会社ひかり商会 invoices"), or before の and what is asked of its invoices
 * ("Hanse Reinigung GmbHの一番大きな請求書"): capitalised words, or a Japanese company name.
 */
function nameBeforeInvoices(text: string): string | undefined {
  const en = text.match(new RegExp(`(?:^|\\s)((?:${NAME_WORD}\\s+){1,5})(?:invoices?|bills?|receipts?|credit notes?)\\b`, 'u'));
  const ja = text.match(new RegExp(`((?:${NAME_WORD}\\s*){1,5})(?:さん|様)?の(?:一番|最も|最大|最小|最高|最低|平均|合計|総額|支払|件数|請求|全請求)`, 'u'));
  for (const m of [en, ja]) {
    if (!m) continue;
    const taken = m[1]!.trim().split(/\s+/);
    // A question's first word is capitalised whatever it is ("Mean invoice total").
    if (taken.length === 1 && text.trimStart().startsWith(taken[0]!)) continue;
    // Sentence words before the name ("What's", "How"): the name is the capitalised run that ends at "invoices".
    let start = taken.length;
    while (start > 0) {
      const w = taken[start - 1]!.replace(/[.,'?!]+$/, '');
      if (NOT_NAMES.has(w.toLowerCase()) || DESCRIBING.test(w) || ASKING.has(w.toLowerCase()) || /^\d/.test(w) || /^(fy|q[1-4]|h[12])[\d/'-]*$/i.test(w) || /^[A-Z]{3}$/.test(w)) break;
      start--;
    }
    const name = taken.slice(start).join(' ');
    if (!name || (!/\p{Script=Latin}/u.test(name) && !COMPANY_JA.test(name))) continue;
    // A period, a currency or a particle inside is a phrase, not a name ("2019年のQ3").
    if (/\d|年|月|度|期|通貨|合計|平均|請求|支払|件数|円|ドル|ユーロ|ポンド|以上|以下|未満|超|建|分|[のはをがにとで]/.test(name)) continue;
    if (/^\p{Script=Latin}/u.test(name) && !/^\p{Lu}/u.test(name)) continue;
    return name;
  }
  return undefined;
}

// ASCII bounds: in Japanese the number sits between kana and kanji (請求書A-12の).
// Not a piece of an amount: "12" of "MYR 12,000" is no document number.
const NUMBERISH = /(?<![A-Za-z0-9-]|\d[,.])([A-Za-z]{0,6}[-/#]?\d[A-Za-z0-9_/-]*\d|[A-Za-z]+-[A-Za-z]*\d+|\d{3,})(?![A-Za-z0-9-]|[,.]\d)/g;
/** A document number compared without punctuation or a leading "No." / "Nr." / "#". */
const squash = (s: string) => s.toLowerCase().replace(/^\s*(no|nr|n°|#)\.?\s*(?=\d)/, '').replace(/[^a-z0-9]/g, '');

export interface NumberReading {
  named: DocRecord[];
  /** A document number the question gives that no document has. */
  unknown?: string;
}

/**
 * Documents named by invoice number (exactly, else one a misread apart) or by file name. A
 * number-like token after "invoice", "no." or "#" that matches nothing is reported as unknown.
 */
export function findNumbers(question: string, records: DocRecord[]): NumberReading {
  const text = question.normalize('NFKC');
  const lower = text.toLowerCase();
  const named = new Set<DocRecord>();
  for (const r of records) {
    const name = r.doc.fileName.toLowerCase();
    const stem = name.replace(/\.[a-z0-9]+$/, '');
    // Whole, not inside another number ("ABC-123" does not name the file "BC-1.pdf").
    const within = (s: string) => new RegExp(`(?<![a-z0-9])${s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![a-z0-9])`).test(lower);
    if (within(name) || (stem.length >= 4 && /\d/.test(stem) && within(stem))) named.add(r);
  }
  let unknown: string | undefined;
  for (const m of text.matchAll(NUMBERISH)) {
    const token = m[1]!;
    if (/^(20\d{2})([-/]\d{1,2}){0,2}$/.test(token) || /^\d{1,2}[-/.]\d{1,2}[-/.]\d{2,4}$/.test(token) || /^\d{1,3}(,\d{3})+$/.test(token) || /^q[1-4]([-/]?(20)?\d{2})?$/i.test(token) || /^20\d{2}[-/]?q[1-4]$/i.test(token) || /^fy\d+$/i.test(token)) continue;
    const hits = records.filter((r) => squash(textOf(r.roles.number) ?? '') === squash(token) && squash(token) !== '');
    // An amount with its currency glued on ("CHF11900以上") is not a document number.
    if (hits.length === 0 && /^(?:EUR|USD|GBP|CHF|JPY|MYR|AUD|CAD|NZD|SGD|HKD|CNY|SEK|RM)\d+(?:[.,]\d+)*$/i.test(token)) continue;
    // A number a document has counts however it is asked; an unknown one only when it is given as a number.
    if (hits.length > 0) {
      hits.forEach((r) => named.add(r));
      continue;
    }
    // A month or a day written with its year ("05/2024", "16-Jun-2021"), or a fiscal year ("FY24/25").
    if (/^\d{1,2}[-/]20\d{2}$/.test(token) || /^\d{1,2}-[a-z]{3,9}-\d{2,4}$/i.test(token) || /^fy\s*\d{2,4}([-/]\d{2,4})?$/i.test(token)) continue;
    const before = text.slice(Math.max(0, m.index! - 14), m.index!);
    const labelled = /(invoice|bill|receipt|no\.?|number|#|請求書|インボイス|番号)\s*[:#]?\s*$/i.test(before);
    const looksLikeNumber = (/[a-z]/i.test(token) && /\d/.test(token)) || /^\d+[-/]\d+/.test(token);
    if (!labelled && !looksLikeNumber) continue;
    const near = records.filter((r) => {
      const n = squash(textOf(r.roles.number) ?? '');
      return n.length >= 5 && similarity(n, squash(token)) >= 0.85;
    });
    if (near.length > 0) near.forEach((r) => named.add(r));
    else if (named.size === 0) unknown ??= token;
  }
  return { named: [...named], unknown: named.size > 0 ? undefined : unknown };
}

/** The words of an item term worth matching (not "invoices", not "the"). */
export const itemWords = (term: string): string[] =>
  words(term.normalize('NFKC').toLowerCase()).filter((w) => (CJK.test(w) ? w.length >= 1 : w.length >= 3) && !QUESTION_WORDS.has(w) && !NOT_NAMES.has(w));

/** Words that count a thing rather than name it ("bottles of Dettol", "Milo tins", "boxes of cards"). */
const UNIT_WORDS = new Set('bottle bottles tin tins box boxes pack packs packet packets unit units piece pieces pcs carton cartons bag bags loaf loaves can cans roll rolls ream reams pair pairs'.split(' '));

/** A word of the question in a word of a description: equal, singular and plural, a misread, or its beginning ("dock" in "docking"). */
const wordIn = (w: string, have: string[]) =>
  have.some((h) => h === w || stem(h) === stem(w) || (w.length >= 4 && h.startsWith(stem(w))) || (w.length >= 5 && similarity(h, w) >= WORD_THRESHOLD));

/** Lines whose description holds every word of the term; failing that, every word but those that only count it. */
export function findItems(term: string, records: DocRecord[]): Array<{ record: DocRecord; item: LineItem }> {
  const all = itemWords(term);
  const named = all.filter((w) => !UNIT_WORDS.has(w));
  for (const want of named.length > 0 && named.length < all.length ? [all, named] : [all]) {
    if (want.length === 0) return [];
    const out: Array<{ record: DocRecord; item: LineItem }> = [];
    for (const record of records) {
      for (const item of record.items) {
        const desc = item.description.normalize('NFKC').toLowerCase();
        if (want.every((w) => (CJK.test(w) ? desc.includes(w) : wordIn(w, words(desc))))) out.push({ record, item });
      }
    }
    if (out.length > 0) return out;
  }
  return [];
}

/** Plural and singular alike: "chairs" = "chair", "boxes" = "box", "cables" = "cable". */
const stem = (w: string) => w.replace(/(?<=(?:s|x|z|ch|sh))es$|s$/, '');
