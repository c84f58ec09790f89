// Vendor memory (issue 16): what a workspace's corrections taught about each vendor's documents.
// The service learns when a person corrects values (PATCH /files/{fileId}/values) and reads a
// known vendor's next document with it first (extract/memory/recall.ts).
import { randomUUID } from 'node:crypto';
import { mergeKeys, sameVendor, storedKeys, vendorKeys } from './keys.js';
import { allTexted, itemTexts, mergeItems } from './items.js';
import { learnField, withOthers } from './learn.js';
import { findVendor, type VendorMemory } from './recall.js';
import type { MemoryWord } from './words.js';

export { recallFields, REMEMBERED, type VendorMemory } from './recall.js';
export { wordsOfPages, type MemoryWord } from './words.js';

/** A value a person saved: corrected (the extractor was wrong), or confirmed as the extractor read it. */
export interface Corrected { title: string; type: string; value: unknown; corrected: boolean }

/**
 * The vendor's memory after corrections of one of its documents: the one already known for this
 * vendor updated, or a new one. `vendorName` is the document's vendor after the corrections.
 */
export function learnCorrections(memories: VendorMemory[], words: MemoryWord[], vendorName: unknown, corrections: Corrected[]): VendorMemory {
  const keys = storedKeys(vendorKeys(words, vendorName));
  // A person named the vendor: a memory of another name is another vendor, whatever else they share.
  const named = keys.names[0];
  const candidates = named ? memories.filter((m) => m.keys.names.length === 0 || m.keys.names.includes(named)) : memories;
  const known = findVendor(words, vendorName, candidates) ?? candidates.find((m) => sameVendor(keys, m.keys) >= 0.9);
  const base: VendorMemory = known ?? { id: randomUUID(), keys, fields: {}, corrections: 0 };
  const fields = { ...base.fields };
  for (const c of corrections) {
    if (Array.isArray(c.value)) {
      const items = mergeItems(fields[c.title]?.items, itemTexts(c.value));
      // Every row with a text, on each table of the vendor's saved so far.
      const texted = allTexted(c.value) && (fields[c.title]?.texted ?? true);
      if (items.length) fields[c.title] = { type: c.type, label: null, where: null, place: null, format: null, items, texted, corrected: c.corrected };
      continue;
    }
    if (c.value === null || c.value === undefined || typeof c.value === 'object') continue;
    const learned = learnField(words, c.title, c.type, c.value, c.corrected);
    // A confirmation of where a correction said the value stands keeps it a correction.
    const before = fields[c.title];
    fields[c.title] = withOthers({ ...learned, corrected: learned.corrected || (before?.corrected === true && before.label === learned.label) }, before);
  }
  return { ...base, keys: known ? mergeKeys(known.keys, keys) : keys, fields, corrections: base.corrections + corrections.length };
}
