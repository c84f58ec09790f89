import { distance } from 'fastest-levenshtein';

// Invoice numbers that carry their month in Roman numerals beside the year ("032/INV/SAE/VI/2019",
// "INV/2018/VI/0147": Indonesian practice, and many accounting packages that number by month).
// OCR takes the strokes of I, V and X for one another, merges or drops them ("VI" read "V", "VIII"
// read "VIIV") and loses the separator before the numeral ("SAE/VI" read "SAEV").

const ROMAN = ['I', 'II', 'III', 'IV', 'V', 'VI', 'VII', 'VIII', 'IX', 'X', 'XI', 'XII'];
const PART = /(?<=^|[/.-])[IVX]{1,4}(?=$|[/.-])/g;

/** The issue date's month and year ("2019-06-19": VI, 2019). */
function monthOf(date: unknown): { numeral: string; year: string } | null {
  const m = typeof date === 'string' ? /^(\d{4})-(\d{2})-\d{2}$/.exec(date) : null;
  return m ? { numeral: ROMAN[Number(m[2]) - 1]!, year: m[1]! } : null;
}

const carriesYear = (id: string, year: string) => id.split(/[/.-]/).some((p) => p === year || p === year.slice(2));

/**
 * The number with its one Roman part that is not the issue month but a stroke from it (edit distance
 * one: "V" for "VI", "VIIV" for "VIII") read as that month, where the number carries the issue year
 * too; the number as read otherwise. Months next to each other are a stroke apart as well, so the
 * caller keeps such a number unsure: numbered a month and dated the next is rarer than a misread stroke.
 */
export function withIssueMonth(id: string, issued: unknown): string {
  const month = monthOf(issued);
  const parts = id.match(PART) ?? [];
  if (!month || parts.length !== 1 || parts[0] === month.numeral || !carriesYear(id, month.year)) return id;
  return distance(parts[0]!, month.numeral) === 1 ? id.replace(PART, month.numeral) : id;
}

/**
 * The issue month's numeral glued to the part before the year, its separator lost ("032/INV/SAEV/2019"
 * for "SAE/VI/2019"): a part of capitals ending in strokes a stroke or none from the month, then the
 * year, with no Roman part of its own; not the number's first part, its prefix ("INV-2023-75410"). Which letters were the numeral the page does not say.
 */
export function monthGlued(id: string, issued: unknown): boolean {
  const month = monthOf(issued);
  if (!month || (id.match(PART) ?? []).length) return false;
  const parts = id.split(/[/.-]/);
  // The first part is the number's prefix ("INV-2023-75410"), no month.
  return parts.some((p, i) => {
    const next = parts[i + 1];
    if (i === 0 || p === 'INV') return false;
    if (!next || (next !== month.year && next !== month.year.slice(2))) return false;
    const m = /^[A-Z]{2,}?([IVX]{1,4})$/.exec(p);
    return !!m && distance(m[1]!, month.numeral) <= 1;
  });
}
