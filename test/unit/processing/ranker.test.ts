import { describe, expect, it } from 'vitest';
import { FEATURES, RANKED_ROLES } from '../../../src/service/processing/extract/rank/features.js';
import { calibrated, choose, fitCalibrator, sureThreshold, train, type Sample } from '../../../src/service/processing/extract/rank/model.js';
import { committedWeights, modelFor } from '../../../src/service/processing/extract/rank/ranker.js';

// The ranker's model: a conditional logit over a document's candidates, and the
// calibration that makes 0.9 mean "sure".

/** A seeded generator, so the synthetic documents are the same on every run. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => ((s = (Math.imul(s, 1664525) + 1013904223) >>> 0) / 2 ** 32);
}

/** Documents whose right candidate has a label word (feature 0) most of the time and sits low (feature 1). */
function documents(n: number, seed: number): Sample[] {
  const r = rng(seed);
  return Array.from({ length: n }, () => {
    const k = 3 + Math.floor(r() * 5);
    const right = Math.floor(r() * k);
    const xs = Array.from({ length: k }, (_, i) => [i === right ? (r() < 0.85 ? 1 : 0) : (r() < 0.1 ? 1 : 0), i === right ? 0.8 + r() * 0.2 : r(), r()]);
    return { xs, right: xs.map((_, i) => i === right) };
  });
}

describe('ranker model', () => {
  it('learns which features mark the right candidate and picks it on documents it did not see', () => {
    const w = train(documents(200, 1), 3);
    expect(w[0]).toBeGreaterThan(0);
    expect(w[1]).toBeGreaterThan(0);
    const test = documents(200, 2);
    const hits = test.filter((s) => {
      const pick = choose(w, s.xs, s.xs.map((_, i) => i));
      return pick !== null && s.right[pick.index];
    }).length;
    // Untrained, picking at random would be right about one time in five.
    expect(hits / test.length).toBeGreaterThan(0.8);
  });

  it('sums the probability of a value read in several places', () => {
    const w = [1];
    // "12.50" twice at score 0, "99.00" once at score 0.5: the repeated value wins.
    const pick = choose(w, [[0], [0.5], [0]], ['12.50', '99.00', '12.50']);
    expect(pick?.value).toBe('12.50');
    expect(pick?.p).toBeGreaterThan(0.5);
  });

  it('marks as sure only what was right at least 99% of the time on held-out points', () => {
    const points = [
      ...Array.from({ length: 40 }, (_, i) => ({ x: 0.95 + i / 1000, right: true })),
      { x: 0.9, right: false },
      ...Array.from({ length: 40 }, (_, i) => ({ x: 0.5 + i / 100, right: i % 2 === 0 })),
    ];
    expect(sureThreshold(points)).toBeCloseTo(0.95, 5);
    expect(sureThreshold(points.map((p) => ({ ...p, right: false })))).toBe(2);
  });

  it('keeps values under the sure threshold below 0.9 and lifts those above it to at least 0.9', () => {
    const cal = { a: 1, b: 0, c: 0, sure: 0.8 };
    expect(calibrated(cal, 0.85, 1)).toBeGreaterThanOrEqual(0.9);
    expect(calibrated(cal, 0.7, 1)).toBeLessThan(0.9);
    expect(calibrated({ ...cal, sure: 2 }, 0.99, 1)).toBeLessThan(0.9);
    const fitted = fitCalibrator(Array.from({ length: 100 }, (_, i) => ({ p: i / 100, quality: 1, right: i >= 50 })));
    expect(calibrated(fitted, 0.9, 1)).toBeGreaterThan(calibrated(fitted, 0.2, 1));
  });
});

describe('committed weights', () => {
  it('exist for every ranked field and match the features the code computes (retrain after changing them: npm run train)', () => {
    const weights = committedWeights();
    expect(weights).not.toBeNull();
    for (const role of RANKED_ROLES) {
      const model = modelFor(weights, role);
      expect(model, role).toBeDefined();
      expect(model!.w).toHaveLength(FEATURES[role].length);
    }
  });
});
