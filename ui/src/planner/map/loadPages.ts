import { maxGridRows, pageSize } from '../shipmentsData';

/** How many pages of a day's rows are asked at once (a browser opens 6 connections per host). */
export const PARALLEL_PAGES = 4;

/**
 * Loads every row of a range in pages of `size`, up to `max` rows, with the answer of
 * `loadAllRows` (shipmentsData): the pages up to the first short one (or the cap), rows
 * de-duplicated by id in page order, `truncated` when the cap's page is full. The pages are asked
 * `parallel` at a time instead of one after another: a day of 20,000 rows is five pages, and each
 * waited for the one before it (1.4 s of the map's first render, `bench:map`). Beyond the end
 * (the first short page) no page is asked once the end is known; a page asked before it was known
 * answers nothing the result uses, and its failure is not the load's.
 */
export async function loadPagesInParallel<T extends { id: string }>(
  fetchPage: (offset: number, limit: number) => Promise<T[]>,
  options: { parallel?: number; size?: number; max?: number } = {},
): Promise<{ rows: T[]; truncated: boolean }> {
  const { parallel = PARALLEL_PAGES, size = pageSize, max = maxGridRows } = options;
  // The page at which one after another stops at the latest: its offset + size reaches the cap.
  const capPage = Math.max(0, Math.ceil((max - size) / size));
  const pages: T[][] = [];
  const failures = new Map<number, unknown>();
  let end = capPage;
  let next = 0;
  let failed = false;
  const worker = async () => {
    while (!failed && next <= end) {
      const index = next++;
      try {
        const page = await fetchPage(index * size, size);
        pages[index] = page;
        if (page.length < size && index < end) end = index;
      } catch (error) {
        failures.set(index, error);
        failed = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, parallel) }, worker));
  // Pages are asked in order: every page up to the end was asked before any failed one after it.
  const failure = [...failures.keys()].sort((a, b) => a - b).find((index) => index <= end);
  if (failure !== undefined) throw failures.get(failure);
  const seen = new Map<string, T>();
  for (let i = 0; i <= end; i++) for (const row of pages[i]!) seen.set(row.id, row);
  return pages[end]!.length < size
    ? { rows: [...seen.values()], truncated: false }
    : { rows: [...seen.values()].slice(0, max), truncated: true };
}
