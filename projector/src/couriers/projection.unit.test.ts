import { describe, expect, it } from '@jest/globals';
import {
  defaultCourierProfile,
  type CourierRow,
  type RecordedEvent,
  type UserEvent,
} from '@nordlog/contracts';
import { courierRowOf, evolveSnapshot, type UserSnapshot } from './projection.js';

let revision = 0;
const recorded = (event: UserEvent): RecordedEvent =>
  ({
    ...event,
    streamId: `user-${event.data.id}`,
    streamRevision: revision++,
    metadata: { occurredAt: '2026-11-24T10:00:00.000Z' },
  }) as unknown as RecordedEvent;

const created = (role: string, departmentIds = ['1']): UserEvent => ({
  type: 'UserCreated',
  data: {
    id: '5',
    name: 'Kim',
    phoneNumber: '+4791234567',
    email: null,
    role: role as 'COURIER',
    access: [],
    departmentIds,
    customerId: null,
    courierId: null,
    requiresEmail: false,
    requiresPwd: false,
    roleIds: [],
  },
});

/** The courier row after each event, as the projection folds them. */
function rowsOf(events: UserEvent[]) {
  let snapshot: UserSnapshot | null = null;
  let row: CourierRow | null = null;
  const out: (CourierRow | null)[] = [];
  for (const event of events) {
    const e = recorded(event);
    snapshot = evolveSnapshot(snapshot, e);
    row = snapshot ? courierRowOf(snapshot, row, e) : row;
    out.push(row);
  }
  return out;
}

describe('couriers read model', () => {
  it('has rows for COURIER users only: another role never gets one', () => {
    expect(rowsOf([created('PLANNER')])).toEqual([null]);
    expect(rowsOf([created('COURIER')])[0]).toEqual(
      expect.objectContaining({
        id: '5',
        name: 'Kim',
        phoneNumber: '+4791234567',
        ...defaultCourierProfile('1'),
        deleted: false,
      }),
    );
  });

  it('a user who becomes a courier brings its name from before; one who stops is a tombstone', () => {
    const rows = rowsOf([
      created('PLANNER', ['group_1', '3']),
      { type: 'UserUpdated', data: { id: '5', changes: { name: 'Kim B' } } },
      { type: 'UserUpdated', data: { id: '5', changes: { role: 'COURIER' } } },
      { type: 'UserUpdated', data: { id: '5', changes: { role: 'PLANNER' } } },
    ]);
    expect(rows[1]).toBeNull();
    expect(rows[2]).toEqual(
      expect.objectContaining({ name: 'Kim B', departmentId: '3', deleted: false }),
    );
    expect(rows[3]).toEqual(expect.objectContaining({ name: 'Kim B', deleted: true }));
  });

  it('the profile decides the department; a deleted courier is a tombstone', () => {
    const profile = { ...defaultCourierProfile('2'), driverId: 'D-1' };
    const rows = rowsOf([
      created('COURIER'),
      { type: 'UserUpdated', data: { id: '5', changes: { courier: profile } } },
      { type: 'UserDeleted', data: { id: '5' } },
    ]);
    expect(rows[1]).toEqual(expect.objectContaining({ departmentId: '2', driverId: 'D-1' }));
    expect(rows[2]).toEqual(expect.objectContaining({ deleted: true, driverId: 'D-1' }));
  });
});
