import { describe, expect, it } from '@jest/globals';
import type { ChangeMessage } from '@nordlog/contracts';
import { QueryClient } from '@tanstack/react-query';
import { applyChanges, createChangeBatcher, REFETCH } from './applyChanges';

const msg = (
  id: string,
  revision: number,
  data: Record<string, unknown> = {},
  op: 'upsert' | 'delete' = 'upsert',
): ChangeMessage => ({
  entity: 'departments',
  op,
  id,
  revision,
  data: { id, revision, ...data },
});
const options = {
  resourcesOf: (e: string) =>
    e === 'departments' ? ['admin/departments'] : e === 'consignments' ? ['consignments'] : [],
};

describe('live changes into the client store (spec §4)', () => {
  it('a list of another shape of the rows (REFETCH) is fetched again, never patched with the pushed row', () => {
    const client = new QueryClient();
    const key = ['consignments', REFETCH, { view: 'TO_MAKE' }];
    const row = { id: '1', revision: 5, order: { pickupDate: '2027-03-01' }, legs: [] };
    client.setQueryData(key, [row]);
    applyChanges(
      client,
      [{ ...msg('1', 6, { state: 'DEVIATED' }), entity: 'consignments' }],
      options,
    );
    expect(client.getQueryData(key)).toEqual([row]);
    expect(client.getQueryState(key)!.isInvalidated).toBe(true);
  });

  it('S4-BEH-027: messages of one animation frame are applied as one batch, newest revision per row', () => {
    const frames: (() => void)[] = [];
    const batches: ChangeMessage[][] = [];
    const push = createChangeBatcher(
      (b) => batches.push(b),
      (fn) => frames.push(fn),
    );
    for (let i = 0; i < 100; i++) push(msg(String(i % 10), i));
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(batches).toHaveLength(1);
    expect(batches[0]).toHaveLength(10);
    expect(batches[0]!.find((m) => m.id === '3')!.revision).toBe(93);
    push(msg('1', 200));
    expect(frames).toHaveLength(2);
  });

  it('S4-BEH-011: an older revision or updatedAtEpoch never overwrites a newer row', () => {
    const client = new QueryClient();
    const key = ['admin/departments', 'getList', { page: 1 }];
    client.setQueryData(key, {
      data: [{ id: '1', revision: 5, name: 'Oslo', updatedAtEpoch: 10 }],
      total: 1,
    });
    client.setQueryData(['admin/departments', 'getOne', { id: '1' }], {
      id: '1',
      revision: 5,
      name: 'Oslo',
      updatedAtEpoch: 10,
    });
    applyChanges(client, [msg('1', 4, { name: 'old', updatedAtEpoch: 9 })], options);
    expect((client.getQueryData(key) as { data: { name: string }[] }).data[0]!.name).toBe('Oslo');
    applyChanges(client, [msg('1', 5, { name: 'same epoch older', updatedAtEpoch: 9 })], options);
    expect((client.getQueryData(key) as { data: { name: string }[] }).data[0]!.name).toBe('Oslo');
    applyChanges(client, [msg('1', 6, { name: 'Oslo sentrum', updatedAtEpoch: 11 })], options);
    expect((client.getQueryData(key) as { data: { name: string }[] }).data[0]!.name).toBe(
      'Oslo sentrum',
    );
    expect(
      (client.getQueryData(['admin/departments', 'getOne', { id: '1' }]) as { name: string }).name,
    ).toBe('Oslo sentrum');
  });

  it('a deletion removes the row; a row a list does not hold makes the list refetch', async () => {
    const client = new QueryClient();
    const key = ['admin/departments', 'getList', {}];
    client.setQueryData(key, {
      data: [
        { id: '1', revision: 1 },
        { id: '2', revision: 1 },
      ],
      total: 2,
    });
    applyChanges(client, [msg('1', 2, {}, 'delete')], options);
    expect(client.getQueryData(key)).toEqual({ data: [{ id: '2', revision: 1 }], total: 1 });
    applyChanges(client, [msg('9', 1)], options);
    expect(client.getQueryState(key)!.isInvalidated).toBe(true);
  });

  it('S4-STATE-008: a consignment outside the accepted states is dropped from the store', () => {
    const client = new QueryClient();
    const key = ['consignments', 'rows', {}];
    client.setQueryData(key, [{ id: '7', revision: 1, state: 'CREATED' }]);
    applyChanges(
      client,
      [
        {
          entity: 'consignments',
          op: 'upsert',
          id: '7',
          revision: 2,
          data: { id: '7', revision: 2, state: 'DELETED' },
        },
      ],
      { ...options, acceptedStates: ['CREATED', 'ASSIGNED'] },
    );
    expect(client.getQueryData(key)).toEqual([]);
  });

  it('S4-BEH-011 S7-ANS-001: a list that can tell puts a new row in at once, keeps its other rows, and lets a row that left go', () => {
    const client = new QueryClient();
    const key = ['consignments', 'rows', { departmentIds: ['5'] }];
    const rows = [{ id: '1', revision: 1, departmentId: '5', updatedAtEpoch: 10 }];
    client.setQueryData(key, rows);
    const change = (
      id: string,
      revision: number,
      data: Record<string, unknown>,
    ): ChangeMessage => ({
      entity: 'consignments',
      op: 'upsert',
      id,
      revision,
      data: { id, revision, ...data },
    });
    const belongs = (_key: unknown, _entity: string, row: unknown) =>
      (row as { departmentId: string }).departmentId === '5';
    applyChanges(client, [change('2', 0, { departmentId: '5', updatedAtEpoch: 11 })], {
      ...options,
      belongs,
    });
    const after = client.getQueryData<typeof rows>(key)!;
    expect(after.map((r) => r.id)).toEqual(['1', '2']);
    // The unchanged row is the same object: the grid keeps it (and its place) as it was.
    expect(after[0]).toBe(rows[0]);
    expect(client.getQueryState(key)!.isInvalidated).toBe(false);
    // An older update of a row does not take it out either.
    applyChanges(client, [change('1', 0, { departmentId: '6', updatedAtEpoch: 9 })], {
      ...options,
      belongs,
    });
    expect(client.getQueryData<typeof rows>(key)!.map((r) => r.id)).toEqual(['1', '2']);
    applyChanges(client, [change('1', 2, { departmentId: '6', updatedAtEpoch: 12 })], {
      ...options,
      belongs,
    });
    expect(client.getQueryData<typeof rows>(key)!.map((r) => r.id)).toEqual(['2']);
  });
});
