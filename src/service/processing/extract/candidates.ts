import type { Line } from '../layout/model.js';
import type { FieldDefinition } from '../types.js';
import type { DocContext } from './context.js';
import { findLabels, valueSpots } from './labels.js';
import { roleSpec, type Role } from './roles.js';
import { parseValue } from './values.js';

// Scored candidate values for one field, from every label occurrence that has a
// parseable value nearby. The extractor (and the totals cross-check) choose among them.

export interface Candidate {
  value: unknown;
  score: number;
  line: Line;
}

const WHERE_WEIGHT = { same: 1, right: 0.95, below: 0.8 } as const;

export function labelsFor(field: FieldDefinition, role: Role): string[] {
  const spec = roleSpec(role);
  const own = [field.title, ...(field.title ?? '').split(/\s*[/(),]\s*/)]
    .map((s) => (s ?? '').toLowerCase().trim())
    .filter((s) => s.length >= 2);
  return [...new Set([...(spec?.labels ?? []), ...own])];
}

export function candidatesFor(
  field: FieldDefinition,
  role: Role,
  ctx: DocContext,
  exclude: Set<Line>,
): Candidate[] {
  const spec = roleSpec(role);
  const labels = labelsFor(field, role);
  const hits = findLabels(ctx, labels, spec?.not);
  const out: Candidate[] = [];
  for (const hit of hits) {
    if (exclude.has(hit.line)) continue;
    // Longer, more specific labels earn more trust than a bare "date" or "no.".
    const specificity = Math.min(1, 0.55 + hit.label.length / 30) - (hit.prefix.trim() ? 0.1 : 0);
    for (const spot of valueSpots(ctx, hit)) {
      if (exclude.has(spot.line)) continue;
      const value = parseValue(spot.text, field, role, ctx);
      if (value === null || value === undefined || value === '') continue;
      out.push({ value, score: specificity * WHERE_WEIGHT[spot.where], line: spot.line });
      break;
    }
  }
  return out.sort((a, b) => b.score - a.score);
}
