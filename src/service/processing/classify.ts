import type { PageLayout } from './layout/model.js';
import type { SchemaForExtraction } from './types.js';
import { extractFields } from './extract/extractor.js';

// Without a chosen schema, each candidate file type is tried and the one whose
// fields are found most often and most confidently (relative to its size) wins.

export function chooseSchema(pages: PageLayout[], candidates: SchemaForExtraction[]): SchemaForExtraction | undefined {
  if (candidates.length <= 1) return candidates[0];
  const text = pages.flatMap((p) => p.lines.map((l) => l.text)).join('\n').toLowerCase();
  let best: { schema: SchemaForExtraction; score: number } | undefined;
  for (const schema of candidates) {
    const fields = extractFields(pages, schema).filter((f) => !f.hidden);
    if (!fields.length) continue;
    const found = fields.reduce((s, f) => s + (f.value === null ? 0 : f.confidence), 0);
    const nameHit = text.includes(schema.name.toLowerCase()) ? 0.5 : 0;
    const score = found / Math.sqrt(fields.length) + nameHit;
    if (!best || score > best.score) best = { schema, score };
  }
  return best?.schema ?? candidates[0];
}
