// Training data and fitting of the extraction ranker, shared by `npm run train`
// and the cross-validated eval. A document yields, per ranked field it has a label
// for, its candidates' feature vectors and which of them carry the right value.

import { calibrationKey, readByRules } from '../../src/service/processing/extract/extractor.js';
import { candidatesOf, FEATURES, RANKED_ROLES, type RankedRole } from '../../src/service/processing/extract/rank/features.js';
import { choose, fitCalibrator, train, type Calibrator, type Sample } from '../../src/service/processing/extract/rank/model.js';
import type { RankerWeights } from '../../src/service/processing/extract/rank/ranker.js';
import type { ExtractedField } from '../../src/service/processing/types.js';
import type { Loaded } from './evaluate.js';
import { EVAL_SCHEMA, same, squash, TITLE_OF } from './score.js';

export const KEY_OF_ROLE: Record<RankedRole, string> = { vendor: 'vendor_name', invoiceDate: 'invoice_date', total: 'total' };

export interface DocSamples {
  id: string;
  layout: string;
  corpus: string;
  quality: number;
  roles: Partial<Record<RankedRole, Sample & { values: (string | number)[] }>>;
  /** The rules' fields with their raw confidence, and whether each labelled one is right. */
  rules: { role: string; confidence: number; right: boolean }[];
}

export function samplesOf(l: Loaded, corpus: string): DocSamples {
  const read = readByRules(l.pages, EVAL_SCHEMA, l.kind.type);
  const { ctx, fields: ruleFields, choice } = read;
  const roles: DocSamples['roles'] = {};
  for (const role of RANKED_ROLES) {
    const key = KEY_OF_ROLE[role];
    if (!l.doc.fields.includes(key) || l.doc.truth[key] == null) continue;
    const cands = candidatesOf(role, ctx, choice);
    roles[role] = { xs: cands.map((c) => c.x), values: cands.map((c) => c.value), right: cands.map((c) => same(key, l.doc.truth[key], c.value)) };
  }
  // Keyed by the calibration the extractor applies (a labelled vendor and a rebuilt total have their own).
  const rules = ruleFields.flatMap((f: ExtractedField, i) => {
    const key = Object.keys(TITLE_OF).find((k) => TITLE_OF[k] === f.title);
    if (!key || !l.doc.fields.includes(key) || f.value === null) return [];
    return [{ role: calibrationKey(read, i), confidence: f.confidence, right: same(key, l.doc.truth[key], f.value) }];
  });
  return { id: l.doc.id, layout: l.doc.layout, corpus, quality: ctx.quality, roles, rules };
}

const valueKey = (role: RankedRole) => (v: string | number) => (role === 'vendor' ? squash(v) : v);

function fitRole(role: RankedRole, docs: DocSamples[]): number[] {
  const samples = docs.flatMap((d) => (d.roles[role] ? [d.roles[role]!] : []));
  return train(samples, FEATURES[role].length);
}

/** Weights for every role, with calibrators fitted on inner folds (predictions on documents the weights did not see). */
export function fitRanker(docs: DocSamples[], trainedOn: RankerWeights['trainedOn'], innerFolds = 3): RankerWeights {
  const roles: RankerWeights['roles'] = {};
  for (const role of RANKED_ROLES) {
    const points: { p: number; quality: number; right: boolean }[] = [];
    for (let f = 0; f < innerFolds; f++) {
      const w = fitRole(role, docs.filter((_, i) => i % innerFolds !== f));
      docs.forEach((d, i) => {
        const s = d.roles[role];
        if (i % innerFolds !== f || !s) return;
        const pick = choose(w, s.xs, s.values, valueKey(role));
        points.push(pick ? { p: pick.p, quality: d.quality, right: s.right[pick.index] } : { p: 0.001, quality: d.quality, right: false });
      });
    }
    const calibration = {
      ocr: round(fitCalibrator(points.filter((pt) => pt.quality < 1))),
      text: round(fitCalibrator(points.filter((pt) => pt.quality >= 1))),
    };
    roles[role] = { features: FEATURES[role], w: fitRole(role, docs).map((x) => Math.round(x * 1e4) / 1e4), calibration };
  }
  const ruleCalibration: Record<string, Calibrator> = {};
  const ruleRoles = new Set(docs.flatMap((d) => d.rules.map((r) => r.role)));
  for (const role of ruleRoles) {
    if ((RANKED_ROLES as string[]).includes(role)) continue;
    const pts = docs.flatMap((d) => d.rules.filter((r) => r.role === role)).map((r) => ({ p: Math.min(0.999, Math.max(0.001, r.confidence)), quality: 1, right: r.right }));
    if (pts.length >= 20) ruleCalibration[role] = round(fitCalibrator(pts));
  }
  return { version: 1, trainedAt: new Date().toISOString(), trainedOn, roles, ruleCalibration };
}

function round(c: Calibrator): Calibrator {
  const r4 = (x: number) => Math.round(x * 1e4) / 1e4;
  return { a: r4(c.a), b: r4(c.b), c: r4(c.c), sure: Math.min(2, r4(c.sure ?? 2)) };
}

/** Deterministic fold of a document id (stable across runs and machines). */
export function foldOf(id: string, folds: number): number {
  let h = 2166136261;
  for (const ch of id) h = Math.imul(h ^ ch.charCodeAt(0), 16777619) >>> 0;
  return h % folds;
}
