import fs from 'node:fs';
import type { DocContext } from '../context.js';
import { candidatesOf, FEATURES, type RankedRole, type RuleChoice } from './features.js';
import { calibrated, choose, type Calibrator } from './model.js';

// The learned ranker at run time: weights trained by `npm run train`
// (test/eval/train.ts), committed as weights.json beside this file and read once.

export interface RoleModel {
  features: string[];
  w: number[];
  /** For pages read by OCR, and for text layers: the two are right at different rates for the same probability. */
  calibration?: { ocr?: Calibrator; text?: Calibrator };
}

export interface RankerWeights {
  version: 1;
  trainedAt: string;
  /** What the weights were fitted on (corpus names and document counts), so an eval can tell seen from unseen. */
  trainedOn: { corpus: string; documents: number; ids?: string }[];
  roles: Partial<Record<RankedRole, RoleModel>>;
  /** Maps a rule-based field's confidence to the chance it is right, per field role. */
  ruleCalibration?: Record<string, Calibrator>;
}

export interface Ranked {
  value: string | number; confidence: number; p: number;
  /** How many different values the ranker chose among: over one, its probability is 1 whatever the value. */
  choices: number;
}

let cached: RankerWeights | null | undefined;

/** The committed weights; null when the file is missing or unreadable (rules only). */
export function committedWeights(): RankerWeights | null {
  if (cached !== undefined) return cached;
  try {
    cached = JSON.parse(fs.readFileSync(new URL('./weights.json', import.meta.url), 'utf8')) as RankerWeights;
  } catch {
    cached = null;
  }
  return cached;
}

/** A role's model, unless its feature list no longer matches the code's (stale weights are not used). */
export function modelFor(weights: RankerWeights | null, role: RankedRole): RoleModel | undefined {
  const model = weights?.roles[role];
  if (!model) return undefined;
  const names = FEATURES[role];
  return model.features.length === names.length && model.features.every((f, i) => f === names[i]) ? model : undefined;
}

export function rank(role: RankedRole, ctx: DocContext, rules: RuleChoice, model: RoleModel): Ranked | null {
  const cands = candidatesOf(role, ctx, rules);
  const key = (v: string | number) => (role === 'vendor' ? String(v).toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '') : v);
  const pick = choose(model.w, cands.map((c) => c.x), cands.map((c) => c.value), key);
  if (!pick) return null;
  return { value: pick.value, p: pick.p, choices: new Set(cands.map((c) => key(c.value))).size, confidence: Math.round(calibrated(model.calibration?.[ctx.quality >= 1 ? 'text' : 'ocr'], pick.p, ctx.quality) * 100) / 100 };
}
