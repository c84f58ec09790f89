// The vendor-memory eval (issue 16): as a reviewer would, correct the first document of each
// vendor that appears more than once from its truth and confirm its other values, line items
// included (the service learns from what a person corrected and confirmed),
// then score that vendor's other documents with the memory and without it.

import type { VendorMemory } from '../../src/service/processing/extract/memory/index.js';
import { learnCorrections, wordsOfPages } from '../../src/service/processing/extract/memory/index.js';
import type { ExtractedField } from '../../src/service/processing/types.js';
import { report, score, type Loaded } from './evaluate.js';
import { ITEM_KEY, same, squash, TITLE_OF } from './score.js';

export type ExtractWith = (l: Loaded, memory: VendorMemory[]) => ExtractedField[];

/**
 * `by: 'template'` groups a vendor's documents by layout family too: a real vendor sends its
 * invoices from one template, while the generated corpus gives one vendor several families.
 */
export function vendorMemoryEval(loaded: Loaded[], extract: ExtractWith, by: 'vendor' | 'template' = 'vendor') {
  const groups = new Map<string, Loaded[]>();
  for (const l of loaded) {
    const vendor = squash(l.doc.truth.vendor_name);
    if (!vendor || l.pages.length === 0) continue;
    const key = by === 'template' ? `${vendor}|${l.doc.layout}` : vendor;
    groups.set(key, [...(groups.get(key) ?? []), l]);
  }
  const repeated = [...groups.values()].filter((g) => g.length > 1).map((g) => g.sort((a, b) => a.doc.id.localeCompare(b.doc.id)));
  let memories: VendorMemory[] = [];
  let corrected = 0;
  for (const [first] of repeated) {
    // As the review page saves it: each value of the document, corrected to the truth or confirmed.
    const fields = extract(first!, memories);
    const checked = first!.doc.fields.flatMap((key) => {
      const title = TITLE_OF[key];
      const f = fields.find((x) => x.title === title);
      const truth = first!.doc.truth[key] ?? null;
      if (!title || !f || truth === null) return [];
      const wrong = !same(key, truth, f.value);
      if (wrong) corrected++;
      // Line items as the review page's table saves them: rows under the schema's item titles.
      const value = key === 'line_items' && Array.isArray(truth) ? truth.map((row) => Object.fromEntries(Object.entries(row as object).map(([k, v]) => [ITEM_KEY[k] ?? k, v]))) : truth;
      return [{ title, type: f.type, value, corrected: wrong }];
    });
    const vendor = first!.doc.truth.vendor_name;
    const memory = learnCorrections(memories, wordsOfPages(first!.pages), vendor, checked);
    memories = [...memories.filter((m) => m.id !== memory.id), memory];
  }
  const rest = repeated.flatMap((g) => g.slice(1));
  const withMemory = report(score(rest, (l) => extract(l, memories)));
  const without = report(score(rest, (l) => extract(l, [])));
  return {
    by,
    vendors: repeated.length,
    firstDocumentsCorrected: { fields: corrected, memories: memories.length },
    scoredDocuments: rest.length,
    withMemory: { fields: withMemory.overallAccuracy, fieldAccuracy: withMemory.fieldAccuracy, fullyRight: withMemory.fullyRight, sure: withMemory.calibration.sure, failures: withMemory.failures },
    withoutMemory: { fields: without.overallAccuracy, fieldAccuracy: without.fieldAccuracy, fullyRight: without.fullyRight },
  };
}

export function printMemory(name: string, m: ReturnType<typeof vendorMemoryEval>): void {
  const what = m.by === 'template' ? 'vendor templates (vendor and layout family)' : 'vendors';
  console.log(`  vendor memory by ${m.by} (${m.vendors} ${what} seen more than once; first document of each corrected from the truth: ` +
    `${m.firstDocumentsCorrected.fields} fields corrected, the rest confirmed; ${m.firstDocumentsCorrected.memories} memories; ${m.scoredDocuments} later documents scored):`);
  console.log(`    all fields       ${String(m.withMemory.fields).padStart(5)}% with memory   ${String(m.withoutMemory.fields).padStart(5)}% without`);
  for (const [k, v] of Object.entries(m.withMemory.fieldAccuracy)) console.log(`    ${k.padEnd(16)} ${String(v).padStart(5)}%               ${String(m.withoutMemory.fieldAccuracy[k]).padStart(5)}%`);
  console.log(`    fully right      ${m.withMemory.fullyRight.percent}%               ${m.withoutMemory.fullyRight.percent}%   (${name})`);
  const sure = m.withMemory.sure;
  console.log(`    sure (>= 0.9) with memory: ${sure.fields} fields (${sure.share}% of all), ${sure.accuracy ?? '-'}% right`);
}
