// Line-item questions of the `fresh-*` sets (unseen.ts): how many of a thing were bought and what
// was paid for it, over all invoices or one vendor's, and things no invoice has. A thing is matched
// by a word of its description (case-insensitive); only things whose description is English alone
// in the generator's pools are asked about, so the expected lines do not depend on translating
// "office chair" to "Kerusi pejabat". Japanese questions name the thing as printed.
import { formatAmount } from '../../../src/service/agent/engine/phrases.js';
import type { EvalDoc } from './corpus.js';
import { money, spokenVendor, type Ctx } from './unseen.js';

/** What a line's description contains, and how an accountant says it in English. */
const THINGS: Array<[string, string[]]> = [
  ['laptop stand', ['laptop stands', 'aluminium laptop stands']],
  ['monitor 27', ['27-inch monitors', '27" monitors']],
  ['stapler', ['heavy-duty staplers', 'staplers']],
  ['desk lamp', ['LED desk lamps', 'desk lamps']],
  ['hosting plan', ['hosting plans', 'hosting plans']],
  ['spare parts kit', ['spare parts kits', 'spare-part kits']],
  ['design hours', ['hours of design', 'design hours']],
  ['business cards', ['business cards', 'boxes of business cards']],
  ['network cable', ['network cables', 'network cables']],
  ['usb-c dock', ['USB-C docks', 'USB-C docking stations']],
  ['dettol', ['Dettol', 'bottles of Dettol']],
  ['milo', ['Milo', 'Milo tins']],
  ['gardenia', ['Gardenia bread', 'loaves of Gardenia bread']],
];
const JA_NAME: Record<string, string> = {
  'laptop stand': 'Laptop stand', 'monitor 27': 'Monitor 27 inch', stapler: 'Stapler heavy duty', 'desk lamp': 'Desk lamp LED', 'hosting plan': 'Hosting plan',
  'spare parts kit': 'Spare parts kit', 'design hours': 'Design hours', 'business cards': 'Business cards', 'network cable': 'Network cable', 'usb-c dock': 'USB-C dock',
  dettol: 'DETTOL', milo: 'MILO', gardenia: 'GARDENIA',
};
/** Things no generated invoice sells (checked against the corpus below). */
const NEVER: Array<[string, string, string]> = [
  ['forklift', 'forklifts', 'フォークリフト'], ['projector', 'projectors', 'プロジェクター'], ['paper shredder', 'paper shredders', 'シュレッダー'],
  ['whiteboard marker', 'whiteboard markers', 'ホワイトボードマーカー'], ['coffee machine', 'coffee machines', 'コーヒーメーカー'], ['standing desk', 'standing desks', 'スタンディングデスク'],
];

type Line = { d: EvalDoc; quantity: number; amount: number };
const linesOf = (docs: EvalDoc[], word: string): Line[] =>
  docs.flatMap((d) => (d.truth.line_items ?? []).filter((l) => l.description.toLowerCase().includes(word)).map((l) => ({ d, quantity: l.quantity, amount: l.amount })));
const qty = (ls: Line[], lang: 'en' | 'ja') => formatAmount(Math.round(ls.reduce((s, l) => s + l.quantity, 0) * 100) / 100, undefined, lang);
const docIds = (ls: Line[]) => [...new Set(ls.map((l) => l.d.documentId))];

export function itemQuestions(ctx: Ctx): void {
  const { a, dice, docs } = ctx;
  const bought = THINGS.filter(([w]) => linesOf(docs, w).length > 0);
  const spoken = (w: string, names: string[]) => (lang: 'en' | 'ja') => [lang === 'ja' ? JA_NAME[w]! : names[dice.int(2)]!];
  for (const [w, names] of dice.some(bought, 4)) {
    const ls = linesOf(docs, w);
    a.ask('items', 'itemQty', spoken(w, names), (lang) => ({ texts: [qty(ls, lang)], cites: docIds(ls), only: true }));
    const perCur = new Map<string, number>();
    for (const l of ls) perCur.set(l.d.truth.currency ?? '', (perCur.get(l.d.truth.currency ?? '') ?? 0) + l.amount);
    a.ask('items', 'itemPaid', spoken(w, names), (lang) => ({ texts: [...perCur].map(([c, v]) => money(v, c, lang)), cites: docIds(ls), only: true }));
  }
  // One vendor's: a vendor that sold the thing, named as someone would type it.
  for (const [w, names] of dice.some(bought, 2)) {
    const vendors = [...new Set(linesOf(docs, w).map((l) => l.d.truth.vendor_name).filter((v): v is string => !!v))];
    const v = vendors[dice.int(vendors.length)]!;
    const ls = linesOf(docs.filter((d) => d.truth.vendor_name === v), w);
    const sv = spokenVendor(v, ctx.vendors, dice);
    a.ask('items', 'itemQtyVendor', (lang) => [...spoken(w, names)(lang), sv], (lang) => ({ texts: [qty(ls, lang)], cites: docIds(ls), only: true }));
  }
}

export function unknownItems(ctx: Ctx): void {
  const { a, dice, docs } = ctx;
  const never = NEVER.filter(([w]) => linesOf(docs, w).length === 0);
  for (const [i, [, en, ja]] of dice.some(never, 4).entries()) a.ask('not in documents', i % 2 ? 'itemPaid' : 'itemQty', (lang) => [lang === 'ja' ? ja : en], () => ({ refuse: true }));
}
