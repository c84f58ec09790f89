import type { Line } from '../layout/model.js';
import type { DocContext } from './context.js';
import type { Candidate } from './candidates.js';
import { normLabel } from './context.js';
import { ROLES } from './roles.js';

// Without a vendor label the issuer is the name at the head of the first page:
// the largest, top-most line that is not a document title, a label or an address.

const TITLE = /^(tax )?(invoice|receipt|bill|rechnung|facture|factura|factuur|fattura|quittung|beleg|credit note|gutschrift|請求書|发票|ใบกำกับภาษี|statement|proforma)\b/i;
const COMPANY = /\b(gmbh|ag|ltd|limited|llc|inc|corp|co\.|company|s\.?a\.?s?|s\.?l|s\.?r\.?l|b\.?v|plc|kg|oy|ab|pty|sarl|e\.k|ug|group|services|solutions|trading|studio|consulting|partners|& co)\b/i;
// Labels that introduce the buyer: the names beside and under them are not the issuer.
const BUYER = /bill(ed)? to|sold to|ship to|customer|kunde|client|rechnungsempfanger|rechnungsadresse|factur(e|ar|ado) a|factuuradres|destinataire|cliente|buyer/i;
const ALL_LABELS = ROLES.flatMap((r) => r.labels).filter((l) => l.length > 3);

export function guessVendor(ctx: DocContext, exclude: Set<Line>): Candidate | null {
  const page = ctx.pages[0];
  if (!page) return null;
  const lines = page.lines.filter((l) => l.y0 < page.height * 0.4 && !exclude.has(l));
  const billTo = lines.filter((l) => BUYER.test(normLabel(l.text)));
  const heights = lines.map((l) => l.y1 - l.y0);
  const maxH = Math.max(1, ...heights);
  let best: Candidate | null = null;
  lines.forEach((line, i) => {
    for (const cell of line.cells) {
      const t = cell.text.trim();
      const n = normLabel(t);
      if (t.length < 3 || !/\p{L}{2}/u.test(t) || TITLE.test(n) || /^\d/.test(t) || /[:@]|www\.|https?:/.test(t)) continue;
      if (ALL_LABELS.some((l) => n.startsWith(l))) continue;
      if (billTo.some((b) => line.y0 > b.y0 && line.y0 - b.y1 < (b.y1 - b.y0) * 6 && cell.x0 < b.x1 && cell.x1 > b.x0 - 20)) continue;
      if (billTo.includes(line) && line.cells.some((c) => c.x1 <= cell.x0 && BUYER.test(normLabel(c.text)))) continue;
      let score = 0.45 + 0.25 * ((line.y1 - line.y0) / maxH) - i * 0.03;
      if (COMPANY.test(t)) score += 0.3;
      if (!best || score > best.score) best = { value: t, score: Math.min(0.95, score), line };
    }
  });
  return best;
}

/**
 * A company registration number printed after the name ("99 SPEED MART S/B (519537-X)",
 * "GARDENIA BAKERIES (KL) SDN BHD (139386 X)") is not part of the name: it goes. The number is
 * six to eight characters, mostly digits (OCR may read 5 as S, 3 as B), a check letter after a
 * hyphen or space, in brackets or after a hyphen, with an optional branch code after it ("(KSB)").
 */
export function withoutRegistration(name: string): string {
  const m = /\s*(\()?\s*([0-9SBOIl][0-9SBOIl.]{4,8})\s*(-)?\s*[A-Z]\s*\)?(\s*\([A-Z]{2,4}\))?\s*$/.exec(name);
  // Bracketed or hyphenated: "ROOM 12345 B" is no registration.
  if (!m || (!m[1] && !m[3]) || (m[2].match(/\d/g) ?? []).length < 4) return name;
  const rest = name.slice(0, m.index).trim();
  return /\p{L}{2}/u.test(rest) ? rest : name;
}
