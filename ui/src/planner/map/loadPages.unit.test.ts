import { describe, expect, it } from '@jest/globals';
import type { ConsignmentRow } from '@nordlog/contracts';
import { loadAllRows, maxGridRows, pageSize } from '../shipmentsData';
import { loadPagesInParallel } from './loadPages';

type Row = { id: string };

/** Pages of a range of `total` rows; `shift`: a row committed before the second page repeats one. */
const pagesOf =
  (total: number, shift = false, delay: (offset: number) => number = () => 0) =>
  (offset: number, limit: number): Promise<Row[]> => {
    const from = shift && offset > 0 ? offset - 1 : offset;
    const rows = Array.from({ length: Math.max(0, Math.min(limit, total - from)) }, (_, i) => ({
      id: String(from + i),
    }));
    return new Promise((resolve) => setTimeout(() => resolve(rows), delay(offset)));
  };

describe('the day rows loaded in parallel pages', () => {
  it('answers what loading one page after another answers, for any size of day', async () => {
    for (const total of [0, 1, 4_999, 5_000, 5_001, 12_001, 20_000, 23_456]) {
      for (const shift of [false, true]) {
        const one = await loadAllRows(pagesOf(total, shift) as never);
        const parallel = await loadPagesInParallel(pagesOf(total, shift));
        expect(parallel).toEqual(one);
      }
    }
    const endless = (offset: number, limit: number) =>
      Promise.resolve(Array.from({ length: limit }, (_, i) => ({ id: String(offset + i) })));
    const capped = await loadPagesInParallel(endless);
    expect(capped.rows).toHaveLength(maxGridRows);
    expect(capped.truncated).toBe(true);
  });

  it('asks up to four pages at a time, in order, and none after the end once it is known', async () => {
    const asked: number[] = [];
    let open = 0;
    let most = 0;
    const fetchPage = async (offset: number, limit: number) => {
      asked.push(offset);
      most = Math.max(most, ++open);
      const rows = await pagesOf(20_000, false, (o) => (o === 4 * pageSize ? 1 : 20))(
        offset,
        limit,
      );
      open -= 1;
      return rows;
    };
    const { rows } = await loadPagesInParallel(fetchPage);
    expect(rows).toHaveLength(20_000);
    expect(most).toBe(4);
    // Pages 0–3 at once; page 4 (empty) after the first of them; nothing after page 4 answered.
    expect(asked.slice(0, 5)).toEqual([0, 1, 2, 3, 4].map((i) => i * pageSize));
    expect(Math.max(...asked)).toBeLessThanOrEqual(7 * pageSize);
    const small: number[] = [];
    await loadPagesInParallel((offset, limit) => {
      small.push(offset);
      return pagesOf(10)(offset, limit);
    });
    expect(small).toEqual([0, 1, 2, 3].map((i) => i * pageSize));
  });

  it('knows the end from a page of exactly its size, and does not wait for pages asked past it', async () => {
    const limits = new Set<number>();
    // Pages after the day's 20,000 rows never answer: the load must not need them.
    const { rows, truncated } = await loadPagesInParallel((offset, limit) => {
      limits.add(limit);
      return offset >= 20_000
        ? new Promise<Row[]>(() => undefined)
        : pagesOf(20_000)(offset, limit);
    });
    expect(rows.map((r) => r.id)).toEqual(Array.from({ length: 20_000 }, (_, i) => String(i)));
    expect(truncated).toBe(false);
    // One row more than a page keeps: whether the range goes on.
    expect([...limits]).toEqual([pageSize + 1]);
  });

  it('is truncated only when there are more rows than the cap', async () => {
    const exactly = await loadPagesInParallel(pagesOf(12), { size: 4, max: 12 });
    expect(exactly).toEqual({ rows: expect.any(Array), truncated: false });
    expect(exactly.rows).toHaveLength(12);
    for (const total of [13, 40])
      expect(await loadPagesInParallel(pagesOf(total), { size: 4, max: 10 })).toEqual({
        rows: Array.from({ length: 10 }, (_, i) => ({ id: String(i) })),
        truncated: true,
      });
  });

  it('fails as a page up to the end fails, and not for a page after the end', async () => {
    const broken = new Error('page 2');
    await expect(
      loadPagesInParallel((offset, limit) =>
        offset === 2 * pageSize ? Promise.reject(broken) : pagesOf(30_000)(offset, limit),
      ),
    ).rejects.toBe(broken);
    // The day ends on page 1 (short); page 3, asked before that was known, fails: no matter.
    const { rows, truncated } = await loadPagesInParallel((offset, limit) =>
      offset === 3 * pageSize
        ? Promise.reject(new Error('late'))
        : pagesOf(7_000, false, (o) => (o === 0 ? 5 : 0))(offset, limit),
    );
    expect(rows).toHaveLength(7_000);
    expect(truncated).toBe(false);
  });

  it('keeps loadAllRows’ row type', async () => {
    const typed: { rows: ConsignmentRow[] } = await loadPagesInParallel(
      () => Promise.resolve([] as ConsignmentRow[]),
      { parallel: 1 },
    );
    expect(typed.rows).toEqual([]);
  });
});
