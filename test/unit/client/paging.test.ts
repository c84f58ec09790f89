import { describe, expect, it } from 'vitest';
import { eachItem, nestValues, paginate } from '../../../src/client/paging.js';

async function collect<T>(it: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const x of it) out.push(x);
  return out;
}

const source = (total: number, cap: number, withCount = true) => {
  const asked: number[] = [];
  const fetch = async (page: number) => {
    asked.push(page);
    const start = (page - 1) * cap;
    const items = Array.from({ length: Math.max(0, Math.min(cap, total - start)) }, (_, i) => start + i);
    return { items, currentPage: page, ...(withCount ? { count: total } : {}) };
  };
  return { fetch, asked };
};

describe('paginate', () => {
  it('walks every page using the total count', async () => {
    const s = source(250, 100);
    expect(await collect(eachItem(paginate(s.fetch, 100)))).toEqual(Array.from({ length: 250 }, (_, i) => i));
    expect(s.asked).toEqual([1, 2, 3]);
  });

  it('keeps going when the server caps the limit below what was asked', async () => {
    const s = source(250, 100);
    expect(await collect(eachItem(paginate(s.fetch, 500)))).toHaveLength(250);
  });

  it('stops at a short or empty page without a count', async () => {
    const s = source(200, 100, false);
    expect(await collect(eachItem(paginate(s.fetch, 100)))).toHaveLength(200);
    expect(s.asked).toEqual([1, 2, 3]);
  });

  it('stops when the server ignores the page number', async () => {
    const pages = await collect(paginate(async () => ({ items: [1], count: 99, currentPage: 1 }), 1));
    expect(pages).toHaveLength(1);
  });
});

describe('nestValues', () => {
  it('nests top-level formValues and leaves the spec shape alone', () => {
    expect(nestValues({ formValues: [1], count: 1, currentPage: 1 })).toEqual({ values: { formValues: [1], count: 1, currentPage: 1 } });
    const spec = { values: { formValues: [], count: 0, currentPage: 1 } };
    expect(nestValues(spec)).toBe(spec);
  });
});
