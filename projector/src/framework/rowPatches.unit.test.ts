import { describe, expect, it } from '@jest/globals';
import type { RecordedEvent } from '@nordlog/contracts';
import { foldParts, patchedRows, type PatchSpec } from './rowPatches.js';

/** A sparse order row: what a patch path reads (the parts and the scope's paths). */
interface Row {
  id: string;
  revision: number;
  departmentId: string;
  customerId: string;
  state: string;
  order: { pickupDate: string };
  note?: string;
  count?: number;
  other?: string;
}

const event = (type: string, id: string, streamRevision: number, data: unknown = {}) =>
  ({ type, streamId: `order-${id}`, streamRevision, data }) as unknown as RecordedEvent;

/** `Noted` changes the note (declared), `Counted` the count (not declared), `Moved` the scope. */
const spec: PatchSpec<Row, undefined> = {
  table: 'rm_orders',
  entity: 'orders',
  rowId: (e) => e.streamId.slice('order-'.length),
  patches: {
    handles: (e) => e.type !== 'Created',
    parts: ['note'],
    reads: [],
    columns: () => ({}),
  },
  evolve: (row, e) => {
    const data = e.data as { text?: string };
    const at = { revision: e.streamRevision };
    if (!row) return null;
    if (e.type === 'Noted') return { ...row, ...at, note: data.text };
    if (e.type === 'Counted') return { ...row, ...at, count: (row.count ?? 0) + 1 };
    if (e.type === 'Moved') return { ...row, ...at, departmentId: '2' };
    if (e.type === 'Unnoted') return { ...row, ...at, note: undefined };
    return row;
  },
};

const stored = (id: string, extra: Partial<Row> = {}): Row => ({
  id,
  revision: 1,
  departmentId: '1',
  customerId: '9',
  state: 'DELIVERED',
  order: { pickupDate: '2026-12-03' },
  ...extra,
});

describe('row patches (docs/decisions/0048)', () => {
  it('a row goes the patch path only when every event of it in the batch is a patch', () => {
    const batch = [event('Noted', '1', 2), event('Created', '2', 0), event('Noted', '2', 1)];
    expect([...(patchedRows(spec, batch) ?? [])]).toEqual(['1']);
    expect(patchedRows(spec, [event('Created', '3', 0)])).toBeNull();
  });

  it('a fold that changes only the declared parts is a patch of those parts and the revision', () => {
    const folded = foldParts(
      spec,
      [stored('1', { note: 'old', other: 'kept' })],
      [event('Noted', '1', 2, { text: 'a' }), event('Noted', '1', 3, { text: 'b' })],
      undefined,
    );
    expect(folded.whole.size).toBe(0);
    expect(folded.patched.map((p) => p.patch)).toEqual([{ revision: 3, note: 'b' }]);
  });

  it('a redelivered event (at or below the revision) changes nothing', () => {
    const folded = foldParts(
      spec,
      [stored('1')],
      [event('Noted', '1', 1, { text: 'a' })],
      undefined,
    );
    expect(folded).toEqual({ patched: [], whole: new Set() });
  });

  it('a fold that changes anything else, leaves the scope, takes a part away or finds no row is written whole', () => {
    const folded = foldParts(
      spec,
      [stored('1'), stored('2'), stored('3', { note: 'x' })],
      [
        event('Counted', '1', 2),
        event('Moved', '2', 2),
        event('Unnoted', '3', 2),
        event('Noted', '4', 2, { text: 'a' }),
      ],
      undefined,
    );
    expect(folded.patched).toEqual([]);
    // Row 4 is not stored: its evolve gives null again, so nothing is written at all.
    expect([...folded.whole].sort()).toEqual(['1', '2', '3']);
  });
});
