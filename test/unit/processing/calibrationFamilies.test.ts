import { describe, expect, it } from 'vitest';
import { FEATURES } from '../../../src/service/processing/extract/rank/features.js';
import { sureThreshold } from '../../../src/service/processing/extract/rank/model.js';
import { familiesOf, fitRanker, type DocSamples } from '../../eval/training.js';

// "Sure" (>= 0.9) must hold on layouts nobody trained on: the calibrators' inner folds hold out
// whole families, and the sure threshold weighs each family alike.

describe('sure threshold by family', () => {
  it('weighs each family alike: a small family wrong at high scores keeps the threshold above its wrong values', () => {
    // 200 look-alikes all right from 0.90 up; a family of 20 with two wrong at 0.96 and 0.97.
    const big = Array.from({ length: 200 }, (_, i) => ({ x: 0.9 + i * 0.0004, right: true, group: 'big' }));
    const small = Array.from({ length: 20 }, (_, i) => ({ x: 0.95 + i * 0.002 + 0.0001, right: i !== 5 && i !== 10, group: 'small' }));
    const points = [...big, ...small];
    // Counted point by point, 218 of 220 are right: the whole range is "sure".
    expect(sureThreshold(points.map(({ x, right }) => ({ x, right })))).toBeLessThan(0.901);
    // Family by family, the small one is 90% right over that range: sure only above its wrong values.
    expect(sureThreshold(points)).toBeGreaterThan(0.97);
  });
});

describe('calibrators fitted on inner folds by family', () => {
  const dims = FEATURES.total.length;
  /** Six families of 20 documents; in each, a feature only that family has marks the right total. */
  function docs(layoutOf: (family: number, i: number) => string): DocSamples[] {
    const out: DocSamples[] = [];
    for (let fam = 0; fam < 6; fam++) {
      for (let i = 0; i < 20; i++) {
        const rightAt = (fam + i) % 2;
        const xs = [0, 1].map((c) => Array.from({ length: dims }, (_, d) => (d === 1 + fam && c === rightAt ? 1 : 0)));
        out.push({
          id: `f${fam}-${i}`, layout: layoutOf(fam, i), corpus: 'synthetic', quality: 1, vendor: `vendor ${fam}-${i}`,
          roles: { total: { xs, values: [10 + i, 20 + i], right: [0, 1].map((c) => c === rightAt) } }, rules: [],
        });
      }
    }
    return out;
  }

  it('groups documents by layout, or by vendor in a corpus of one layout', () => {
    const d = docs((fam) => `family-${fam}`);
    expect(new Set(familiesOf(d)).size).toBe(6);
    const oneLayout = d.map((x) => ({ ...x, layout: 'receipt', vendor: x.vendor.split('-')[0] }));
    expect(new Set(familiesOf(oneLayout)).size).toBe(6);
  });

  it('sets no lower sure threshold than folds by document, which put each family on both sides', () => {
    const byFamily = fitRanker(docs((fam) => `family-${fam}`), []).roles.total!.calibration!.text!;
    // Every document its own layout: the inner folds are by document, as before.
    const byDocument = fitRanker(docs((fam, i) => `doc-${fam}-${i}`), []).roles.total!.calibration!.text!;
    // Seen families' look-alikes make the held-out predictions confident and right...
    expect(byDocument.sure!).toBeLessThan(1);
    // ...while a family nobody trained on is a coin toss: nothing is sure.
    expect(byFamily.sure!).toBeGreaterThan(byDocument.sure!);
    expect(byFamily.sure!).toBeGreaterThanOrEqual(1);
  });
});
