import type { VendorKeys } from './keys.js';
import type { FieldMemory } from './learn.js';

/** What a workspace remembers of one vendor: how to know it, and where its corrected fields stand. */
export interface VendorMemory {
  id: string;
  keys: VendorKeys;
  fields: Record<string, FieldMemory>;
  corrections: number;
}
