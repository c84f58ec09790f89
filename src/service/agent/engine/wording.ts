// How people type questions at work, rewritten into the words the parser reads: abbreviations
// (avg, amt, qty, qtr, inv, w/, # of), Japanese era years (令和6年 = 2024年), two-digit years after
// a month ("March '24"), "3Q24" quarters and "2021年vs2025年". Only the question's wording changes;
// names and document numbers are left as they are.
const MONTH = '(jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?)';

const ERAS: Array<[RegExp, number]> = [
  [/令和\s*(元|\d{1,2})\s*年/g, 2018],
  [/平成\s*(元|\d{1,2})\s*年/g, 1988],
];

const REWRITES: Array<[RegExp, string]> = [
  [/\bavg\b\.?/gi, 'average'],
  [/\bamt\b\.?/gi, 'amount'],
  [/\bqty\b\.?/gi, 'quantity'],
  [/\bqtr\b\.?/gi, 'quarter'],
  // "inv 123", "inv. 123", "inv#123" (not "INV-123", a document number).
  [/\binv\b(?:\.|(?=\s|#))/gi, 'invoice'],
  [/\bw\/(?=\s)/gi, 'with'],
  [/(^|\s)#\s*(?:of\s+|(?=invoices|bills|documents|receipts))/g, '$1number of '],
  // "2021年vs2025年", "2023 v 2024"
  [/([\d年])\s*vs\.?\s*(?=[\d\p{L}])/gu, '$1 vs '],
  [/\s+v\.?\s+(?=[\d\p{Lu}])/gu, ' vs '],
  // "3Q24", "Q3 '24", "Q3 FY24" stay readable as "Q3 2024".
  [/\b([1-4])q\s*'?(\d{2})\b/gi, 'Q$1 20$2'],
  [/\bq([1-4])\s*'(\d{2})\b/gi, 'Q$1 20$2'],
  [new RegExp(`\\b${MONTH}\\.?\\s*'(\\d{2})\\b`, 'gi'), '$1 20$2'],
];

export function normalizeWording(prompt: string): string {
  let text = prompt.normalize('NFKC');
  for (const [re, base] of ERAS) text = text.replace(re, (_, n: string) => `${base + (n === '元' ? 1 : Number(n))}年`);
  for (const [re, to] of REWRITES) text = text.replace(re, to);
  return text;
}
