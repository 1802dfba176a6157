import { describe, expect, it } from '@jest/globals';
import { leftScope, rowChanges } from './rowProjection.js';

interface Row {
  id: string;
  revision: number;
  departmentId: string;
  date: string;
  deleted?: boolean;
}

const spec = {
  entity: 'consignments',
  scope: (r: Row) => ({
    departmentId: r.departmentId,
    customerId: '9',
    date: r.date,
    state: r.deleted ? 'DELETED' : 'CREATED',
    departmentIds: null,
  }),
  tombstone: (r: Row) => r.deleted === true,
};
const before: Row = { id: '7', revision: 1, departmentId: '1', date: '2026-11-24' };

describe('row projection changes (the live connection)', () => {
  it('S4-FLOW-008 S4-BEH-011: a row moved to another department leaves the old scope as a delete, then comes as an upsert under the new one', () => {
    const after = { ...before, revision: 2, departmentId: '2' };
    const changes = rowChanges(spec, after, before);
    expect(changes.map((c) => [c.op, c.scope.departmentId, c.revision])).toEqual([
      ['delete', '1', 2],
      ['upsert', '2', 2],
    ]);
    // The old department's followers learn only that the row left, not its new data.
    expect(changes[0]!.data).toBeNull();
    expect(changes[1]!.data).toBe(after);
  });

  it('a new date is a new scope too; a change inside the scope is one upsert', () => {
    const later = { ...before, revision: 2, date: '2026-11-25' };
    expect(rowChanges(spec, later, before).map((c) => c.op)).toEqual(['delete', 'upsert']);
    const same = { ...before, revision: 2 };
    expect(rowChanges(spec, same, before).map((c) => c.op)).toEqual(['upsert']);
    expect(rowChanges(spec, same, null).map((c) => c.op)).toEqual(['upsert']);
    // A state is not a scope of the socket (the client judges it).
    expect(leftScope(spec.scope(before), { ...spec.scope(before), state: 'DELIVERED' })).toBe(
      false,
    );
  });

  it('a tombstone is published as one delete; a restored tombstone is a plain upsert', () => {
    const gone = { ...before, revision: 2, departmentId: '2', deleted: true };
    const changes = rowChanges(spec, gone, before);
    expect(changes.map((c) => [c.op, c.scope.departmentId])).toEqual([
      ['delete', '1'],
      ['delete', '2'],
    ]);
    const back = { ...before, revision: 3, departmentId: '2' };
    expect(rowChanges(spec, back, gone).map((c) => c.op)).toEqual(['upsert']);
  });
});
