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

export const phrases = {
  en: {
    internet: 'Internet search is not available on this local service, so this answer comes from your documents only.',
    noDocuments: 'There are no processed documents in scope, so I have nothing to answer from yet.',
    nothingFound: (n: number) => `I could not find anything about that in the ${n} document${n === 1 ? '' : 's'} in scope.`,
    found: (n: number) => `Here is what I found in ${n} document${n === 1 ? '' : 's'}:`,
    needsQuery: 'For exact figures across documents, ask again with allow_ai_query_subagent enabled.',
    noMatch: 'No document in scope matches that.',
    sum: (what: string, amount: string, n: number) => `The total${what} is ${amount}, over ${n} document${n === 1 ? '' : 's'}.`,
    count: (what: string, n: number) => `There ${n === 1 ? 'is' : 'are'} ${n} document${n === 1 ? '' : 's'}${what}.`,
    average: (what: string, amount: string, n: number) => `The average total${what} is ${amount}, over ${n} document${n === 1 ? '' : 's'}.`,
    overdue: (n: number, today: string) =>
      n === 0 ? `No document in scope is overdue (due before ${today}).` : `${n} document${n === 1 ? ' is' : 's are'} overdue (due before ${today}):`,
    overdueNote: 'Payment status is not recorded, so "overdue" means the due date has passed.',
    extreme: (label: string, file: string, detail: string) => `The ${label} is ${file}: ${detail}.`,
    lookup: (file: string, field: string, value: string) => `${file}: the ${field} is ${value}.`,
    missing: (file: string, field: string) => `${file}: no ${field} was extracted.`,
    groupHeader: (by: string) => `Totals by ${by}:`,
    from: (vendor: string) => ` from ${vendor}`,
    inPeriod: (period: string) => ` in ${period}`,
    dueIn: (period: string) => ` due in ${period}`,
    labels: { max: 'largest', min: 'smallest', latest: 'most recent', earliest: 'earliest' },
    by: { vendor: 'vendor', month: 'month' },
    sources: 'Sources:',
    page: (p: number) => `page ${p}`,
  },
  ja: {
    internet: 'このローカルサービスはインターネットに接続できないため、お手元の文書のみから回答します。',
    noDocuments: '対象となる処理済みの文書がないため、まだ回答できません。',
    nothingFound: (n: number) => `対象の${n}件の文書には、該当する情報が見つかりませんでした。`,
    found: (n: number) => `${n}件の文書で次の記述が見つかりました。`,
    needsQuery: '文書をまたいだ正確な集計が必要な場合は、allow_ai_query_subagent を有効にして再度質問してください。',
    noMatch: '条件に合う文書はありません。',
    sum: (what: string, amount: string, n: number) => `${what}合計は${amount}です（${n}件の文書）。`,
    count: (what: string, n: number) => `${what}文書は${n}件です。`,
    average: (what: string, amount: string, n: number) => `${what}平均金額は${amount}です（${n}件の文書）。`,
    overdue: (n: number, today: string) => (n === 0 ? `支払期限（${today}より前）を過ぎた文書はありません。` : `支払期限（${today}より前）を過ぎた文書は${n}件です。`),
    overdueNote: '支払状況は記録されていないため、「期限切れ」は支払期限を過ぎたことを意味します。',
    extreme: (label: string, file: string, detail: string) => `${label}は${file}です（${detail}）。`,
    lookup: (file: string, field: string, value: string) => `${file}の${field}は${value}です。`,
    missing: (file: string, field: string) => `${file}からは${field}が抽出されていません。`,
    groupHeader: (by: string) => `${by}別の合計：`,
    from: (vendor: string) => `${vendor}の`,
    inPeriod: (period: string) => `${period}の`,
    dueIn: (period: string) => `支払期限が${period}の`,
    labels: { max: '最も金額が大きい文書', min: '最も金額が小さい文書', latest: '最新の文書', earliest: '最も古い文書' },
    by: { vendor: '取引先', month: '月' },
    sources: '出典：',
    page: (p: number) => `${p}ページ`,
  },
} as const;
