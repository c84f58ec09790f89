import type { DocContext } from './context.js';
import { normLabel } from './context.js';

// A due date printed as payment terms ("Net 30", "payable within 14 days",
// "zahlbar innerhalb von 30 Tagen", "à 30 jours", "a 30 días", "entro 30 giorni",
// "binnen 14 dagen", "30日以内") rather than as a date: the issue date plus the days.

const TERMS = [
  /\bnet\s*(\d{1,3})\b/,
  /\b(?:within|in)\s+(\d{1,3})\s+days?\b/,
  /\b(\d{1,3})\s+days?\s+net\b/,
  /\binnerhalb\s+(?:von\s+)?(\d{1,3})\s+tagen?\b/,
  /\b(\d{1,3})\s+tage\s+netto\b/,
  /\b(?:a|à|sous)\s+(\d{1,3})\s+jours\b/,
  /\b(?:a|en)\s+(\d{1,3})\s+d[ií]as\b/,
  /\bentro\s+(\d{1,3})\s+giorni\b/,
  /\bbinnen\s+(\d{1,3})\s+dagen\b/,
  /(\d{1,3})\s*日以内/,
];

export function dueFromTerms(ctx: DocContext, issued: string): string | null {
  for (const line of ctx.lines) {
    const t = normLabel(line.text);
    for (const re of TERMS) {
      const m = t.match(re);
      const days = m ? Number(m[1]) : 0;
      if (days > 0 && days <= 180) {
        const d = new Date(`${issued}T00:00:00Z`);
        if (Number.isNaN(d.getTime())) return null;
        d.setUTCDate(d.getUTCDate() + days);
        return d.toISOString().slice(0, 10);
      }
    }
  }
  return null;
}
