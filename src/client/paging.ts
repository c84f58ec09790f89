/** One page of a page/limit listing. `count` is the total when the server gives one. */
export interface Page<T> {
  items: T[];
  page: number;
  count: number | undefined;
}

/**
 * Every page of a page/limit listing, from page 1. Stops at an empty page, when the total
 * `count` is reached (a server capping `limit` still gets paged through), at a short page
 * when there is no count, or when the server answers a different page than asked (it ignores
 * `page`, and would otherwise loop forever).
 */
export async function* paginate<T>(
  fetchPage: (page: number) => Promise<{ items: T[]; count?: number; currentPage?: number }>,
  limit: number,
): AsyncGenerator<Page<T>> {
  let seen = 0;
  for (let page = 1; ; page++) {
    const answer = await fetchPage(page);
    if (answer.currentPage !== undefined && answer.currentPage !== page) return;
    const items = answer.items;
    if (items.length === 0) return;
    seen += items.length;
    yield { items, page, count: answer.count };
    // `count` is the total across pages (as the service answers it); without it, a short page ends.
    const total = answer.count;
    if (total !== undefined ? seen >= total : items.length < limit) return;
  }
}

/** The items of every page, in order. */
export async function* eachItem<T>(pages: AsyncIterable<Page<T>>): AsyncGenerator<T> {
  for await (const page of pages) yield* page.items;
}

/**
 * The values answer as the spec shows it (`{ values: { formValues, count, currentPage } }`),
 * also from deployments that answer `formValues` at the top level (decisions 4).
 */
export function nestValues(raw: unknown): unknown {
  if (typeof raw !== 'object' || raw === null) return raw;
  const body = raw as Record<string, unknown>;
  if (body.values !== undefined || !Array.isArray(body.formValues)) return raw;
  const { formValues, count, currentPage, ...rest } = body;
  return { ...rest, values: { formValues, count: count ?? formValues.length, currentPage: currentPage ?? 1 } };
}
