// How answers are worded, in English and Japanese.
import type { Role } from './records.js';
import type { AnswerLanguage } from './types.js';

const FIELD_NAMES: Record<Role, { en: string; ja: string }> = {
  number: { en: 'invoice number', ja: '請求書番号' },
  date: { en: 'date', ja: '発行日' },
  due: { en: 'due date', ja: '支払期限' },
  vendor: { en: 'vendor', ja: '取引先' },
  total: { en: 'total', ja: '合計金額' },
  tax: { en: 'tax', ja: '税額' },
  currency: { en: 'currency', ja: '通貨' },
};

export const fieldName = (role: Role, lang: AnswerLanguage) => FIELD_NAMES[role][lang];

export function formatAmount(amount: number, currency: string | undefined, lang: AnswerLanguage): string {
  const digits = Number.isInteger(amount) ? 0 : 2;
  const n = amount.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: 2 });
  if (!currency) return n;
  if (lang === 'ja' && currency === 'JPY') return `${n}円`;
  return `${currency} ${n}`;
}

export function formatMonth(year: number | undefined, month: number | undefined, lang: AnswerLanguage): string {
  if (lang === 'ja') return `${year ? `${year}年` : ''}${month ? `${month}月` : ''}`;
  const name = month ? new Date(Date.UTC(2000, month - 1, 1)).toLocaleString('en-US', { month: 'long', timeZone: 'UTC' }) : '';
  return [name, year ?? ''].filter(Boolean).join(' ');
}

const s = (n: number) => (n === 1 ? '' : 's');

export const phrases = {
  en: {
    internet: 'Internet search is not available on this local service, so this answer comes from your documents only.',
    noDocuments: 'There are no processed documents in scope, so I have nothing to answer from yet.',
    nothingFound: (n: number) => `I could not find anything about that in the ${n} document${s(n)} in scope.`,
    found: (n: number) => `Here is what I found in ${n} document${s(n)}:`,
    needsQuery: 'For exact figures across documents, ask again with allow_ai_query_subagent enabled.',
    noMatch: 'No document in scope matches that, so there is no figure to give.',
    noNumber: (n: string) => `No document in scope has the number ${n}, so there is no figure to give.`,
    noVendor: (v: string) => `No document in scope is from ${v}, so there is no figure to give.`,
    noItem: (t: string) => `No line item of the documents in scope mentions “${t}”, so there is no figure to give.`,
    ambiguous: (term: string, c: string[]) => `“${term}” could mean more than one vendor: ${c.join('; ')}. Ask again with the full name; no figure is given until then.`,
    docs: (n: number) => `${n} document${s(n)}`,
    sum: (what: string, figures: string) => `The total${what} is ${figures}.`,
    separate: 'Amounts in different currencies are not added together.',
    noCurrency: 'Documents whose currency was not read are kept apart.',
    average: (what: string, figures: string) => `The average invoice total${what} is ${figures}.`,
    sumTax: (what: string, figures: string) => `The total tax${what} is ${figures}.`,
    averageTax: (what: string, figures: string) => `The average tax per invoice${what} is ${figures}.`,
    noTax: 'No document that matches shows a tax amount, so there is no figure to give.',
    count: (what: string, n: number) => `There ${n === 1 ? 'is' : 'are'} ${n} document${s(n)}${what}.`,
    overdue: (n: number, today: string) =>
      n === 0 ? `No document in scope is overdue (due before ${today}).` : `${n} document${n === 1 ? ' is' : 's are'} overdue (due before ${today}):`,
    overdueNote: 'Payment status is not recorded, so "overdue" means the due date has passed.',
    extreme: (label: string, file: string, detail: string) => `The ${label} is ${file}: ${detail}.`,
    extremeIn: (label: string, currency: string, file: string, detail: string) => `The ${label} in ${currency} is ${file}: ${detail}.`,
    lookup: (file: string, field: string, value: string) => `${file}: the ${field} is ${value}.`,
    missing: (file: string, field: string) => `${file}: no ${field} was extracted.`,
    printed: (line: string) => `The page reads: “${line}” (not read as a value; check it).`,
    unsure: ' (read with low confidence and not yet checked)',
    unsureDocs: (labels: string) => `Read with low confidence and not yet checked: ${labels}.`,
    more: (n: number) => `${n} more`,
    compare: (a: string, fa: string, b: string, fb: string) => `${a}: ${fa}. ${b}: ${fb}.`,
    difference: (d: string, more: string) => `The difference is ${d} (${more} is higher).`,
    itemsQuantity: (term: string, qty: string, n: number) => `${qty} units of “${term}” were bought, on ${n} line${s(n)}.`,
    itemsAmount: (term: string, figures: string) => `Paid for “${term}”: ${figures}.`,
    groupHeader: (by: string) => `Totals by ${by}:`,
    from: (vendor: string) => ` from ${vendor}`,
    inPeriod: (period: string) => ` in ${period}`,
    dueIn: (period: string) => ` due in ${period}`,
    inCurrency: (c: string) => ` in ${c}`,
    over: (n: string) => ` over ${n}`,
    under: (n: string) => ` under ${n}`,
    review: { needs_review: ' needing review', corrected: ' corrected by a person' },
    labels: { max: 'largest invoice', min: 'smallest invoice', latest: 'most recent invoice', earliest: 'earliest invoice' },
    by: { vendor: 'vendor', month: 'month', currency: 'currency' },
    sources: 'Sources:',
    page: (p: number) => `page ${p}`,
  },
  ja: {
    internet: 'このローカルサービスはインターネットに接続できないため、お手元の文書のみから回答します。',
    noDocuments: '対象となる処理済みの文書がないため、まだ回答できません。',
    nothingFound: (n: number) => `対象の${n}件の文書には、該当する情報が見つかりませんでした。`,
    found: (n: number) => `${n}件の文書で次の記述が見つかりました。`,
    needsQuery: '文書をまたいだ正確な集計が必要な場合は、allow_ai_query_subagent を有効にして再度質問してください。',
    noMatch: '条件に合う文書はないため、金額はお示しできません。',
    noNumber: (n: string) => `番号 ${n} の文書は対象の中に見つからないため、金額はお示しできません。`,
    noVendor: (v: string) => `${v} からの文書は対象の中に見つからないため、金額はお示しできません。`,
    noItem: (t: string) => `「${t}」を含む明細は対象の文書に見つからないため、金額はお示しできません。`,
    ambiguous: (term: string, c: string[]) => `「${term}」に当たる取引先が複数あります：${c.join('、')}。正式な名前で質問し直してください（それまで金額はお示ししません）。`,
    docs: (n: number) => `${n}件`,
    sum: (what: string, figures: string) => `${what}合計は${figures}です。`,
    separate: '通貨の異なる金額は合算していません。',
    noCurrency: '通貨を読み取れなかった文書は別に示しています。',
    average: (what: string, figures: string) => `${what}平均金額は${figures}です。`,
    sumTax: (what: string, figures: string) => `${what}税額の合計は${figures}です。`,
    averageTax: (what: string, figures: string) => `${what}1件あたりの平均税額は${figures}です。`,
    noTax: '条件に合う文書には税額の記載がないため、金額はお示しできません。',
    count: (what: string, n: number) => `${what}文書は${n}件です。`,
    overdue: (n: number, today: string) => (n === 0 ? `支払期限（${today}より前）を過ぎた文書はありません。` : `支払期限（${today}より前）を過ぎた文書は${n}件です。`),
    overdueNote: '支払状況は記録されていないため、「期限切れ」は支払期限を過ぎたことを意味します。',
    extreme: (label: string, file: string, detail: string) => `${label}は${file}です（${detail}）。`,
    extremeIn: (label: string, currency: string, file: string, detail: string) => `${currency}の${label}は${file}です（${detail}）。`,
    lookup: (file: string, field: string, value: string) => `${file}の${field}は${value}です。`,
    missing: (file: string, field: string) => `${file}からは${field}が抽出されていません。`,
    printed: (line: string) => `ページには「${line}」と記載されています（値としては読み取れていないため、ご確認ください）。`,
    unsure: '（確度の低い読み取りで、未確認です）',
    unsureDocs: (labels: string) => `確度の低い読み取りで未確認の値を含む文書：${labels}。`,
    more: (n: number) => `他${n}`,
    compare: (a: string, fa: string, b: string, fb: string) => `${a}：${fa}。${b}：${fb}。`,
    difference: (d: string, more: string) => `差額は${d}です（${more}の方が多い）。`,
    itemsQuantity: (term: string, qty: string, n: number) => `「${term}」の購入数量は${qty}です（明細${n}行）。`,
    itemsAmount: (term: string, figures: string) => `「${term}」への支払いは${figures}です。`,
    groupHeader: (by: string) => `${by}別の合計：`,
    from: (vendor: string) => `${vendor}の`,
    inPeriod: (period: string) => `${period}の`,
    dueIn: (period: string) => `支払期限が${period}の`,
    inCurrency: (c: string) => `${c}建ての`,
    over: (n: string) => `${n}以上の`,
    under: (n: string) => `${n}以下の`,
    review: { needs_review: '要確認の', corrected: '修正済みの' },
    labels: { max: '最も金額が大きい請求書', min: '最も金額が小さい請求書', latest: '最新の請求書', earliest: '最も古い請求書' },
    by: { vendor: '取引先', month: '月', currency: '通貨' },
    sources: '出典：',
    page: (p: number) => `${p}ページ`,
  },
} as const;
