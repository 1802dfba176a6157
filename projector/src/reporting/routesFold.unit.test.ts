import { describe, expect, it } from '@jest/globals';
import { drivenLeg, type RecordedEvent } from '@nordlog/contracts';
import { foldRoutes, refoldRuns, type RouteSlot } from './routesFold.js';

/** A degree of latitude on the planning's sphere (R = 6,371,008.8 m): 111,195.08 m. */
const DEGREE_M = 111_195.08;

const revisions = new Map<string, number>();
function on(streamId: string, type: string, data: unknown, at: string): RecordedEvent {
  const revision = revisions.get(streamId) ?? 0;
  revisions.set(streamId, revision + 1);
  return {
    type,
    data,
    streamId,
    streamRevision: revision,
    metadata: { occurredAt: at },
  } as unknown as RecordedEvent;
}
const slotCreated = (id: string, courierId: string | null) =>
  on(
    `slot-${id}`,
    'SlotCreated',
    { id, departmentId: '1', date: '2026-11-24', courierId, state: 'NOT_STARTED', stops: [] },
    '2026-11-24T06:00:00.000Z',
  );
const stateChanged = (id: string, state: string, at: string) =>
  on(`slot-${id}`, 'SlotStateChanged', { id, state }, at);
const position = (courierId: string, lat: number, at: string) =>
  on(
    `courier-location-${courierId}`,
    'CourierLocationReported',
    { id: courierId, latitude: lat, longitude: 10.75, accuracy: 5, at, userId: '1' },
    at,
  );

describe('driven legs (docs/decisions/0090)', () => {
  const p = (lat: number, at: string) => ({ lat, lng: 10.75, at: `2026-11-24T${at}:00.000Z` });
  it('the first position is only the anchor; a leg is its great-circle metres', () => {
    expect(drivenLeg(null, p(59.91, '08:00'))).toEqual({
      metres: 0,
      seconds: 0,
      anchor: p(59.91, '08:00'),
    });
    // 0.01° in 4 minutes: 1,111.95 m at 16.7 km/h, driving.
    const leg = drivenLeg(p(59.91, '08:00'), p(59.92, '08:04'));
    expect(leg.metres).toBeCloseTo(0.01 * DEGREE_M, 1);
    expect(leg.seconds).toBe(240);
  });
  it('a jump over 200 km/h is noise: nothing added, the anchor stays; standing is no driving time', () => {
    // 1° in a minute: 6,672 km/h.
    expect(drivenLeg(p(59.91, '08:00'), p(60.91, '08:01'))).toEqual({
      metres: 0,
      seconds: 0,
      anchor: p(59.91, '08:00'),
    });
    // 0.0001° (11.1 m) in a minute: 0.67 km/h, its metres counted, not its time.
    const slow = drivenLeg(p(59.91, '08:00'), p(59.9101, '08:01'));
    expect(slow.metres).toBeCloseTo(0.0001 * DEGREE_M, 2);
    expect(slow.seconds).toBe(0);
  });
});

describe('the route slots fold', () => {
  it('counts the courier’s positions while the slot is IN_PROGRESS, once, and its working time', () => {
    const rows = new Map<string, RouteSlot>();
    const t = (hhmm: string) => `2026-11-24T${hhmm}:00.000Z`;
    const events = [
      slotCreated('5', '9'),
      position('9', 59.9, t('07:50')), // before the start: not the slot's
      stateChanged('5', 'IN_PROGRESS', t('08:00')),
      position('9', 59.91, t('08:01')),
      position('9', 59.92, t('08:05')), // 1,111.95 m, 240 s
      position('9', 59.92, t('08:06')), // standing
      position('9', 60.92, t('08:07')), // noise
      position('9', 59.94, t('08:10')), // from 08:06: 2,223.90 m, 240 s
      stateChanged('5', 'PAUSED', t('08:30')),
      position('9', 59.99, t('08:40')), // paused: not counted
      stateChanged('5', 'IN_PROGRESS', t('09:00')),
      position('9', 59.99, t('09:01')), // a new anchor after the pause
      position('9', 59.9901, t('09:02')), // 11.12 m, standing
      stateChanged('5', 'COMPLETED', t('10:00')),
      position('9', 59.5, t('10:30')), // after: not counted
    ];
    foldRoutes(rows, events);
    const slot = rows.get('5')!;
    expect(slot.drivenMetres).toBeCloseTo(0.0301 * DEGREE_M, 1);
    expect(slot.drivingSeconds).toBe(480);
    expect([slot.startedAt, slot.completedAt]).toEqual([t('08:00'), t('10:00')]);
    expect(slot.anchor).toBeNull();
    // The same events again change nothing.
    const again = new Map([['5', { ...slot, state: 'IN_PROGRESS' as const }]]);
    expect(foldRoutes(again, events.slice(3, 8)).size).toBe(0);
  });
  it('a courier with two slots under way drives the one of the lower id', () => {
    const rows = new Map<string, RouteSlot>();
    const t = (hhmm: string) => `2026-11-24T${hhmm}:00.000Z`;
    foldRoutes(rows, [
      slotCreated('12', '4'),
      slotCreated('11', '4'),
      stateChanged('12', 'IN_PROGRESS', t('08:00')),
      stateChanged('11', 'IN_PROGRESS', t('08:00')),
      position('4', 59.91, t('08:01')),
      position('4', 59.92, t('08:05')),
    ]);
    expect(rows.get('11')!.drivenMetres).toBeCloseTo(0.01 * DEGREE_M, 1);
    expect(rows.get('12')!.drivenMetres).toBe(0);
  });
  it('an erasure folds the runs again from the positions as they read now, as a rebuild would', () => {
    const t = (hhmm: string) => `2026-11-24T${hhmm}:00.000Z`;
    const day = [
      slotCreated('21', '8'),
      stateChanged('21', 'IN_PROGRESS', t('08:00')),
      position('8', 59.9112, t('08:01')),
      position('8', 59.9234, t('08:05')),
      stateChanged('21', 'PAUSED', t('08:10')),
      stateChanged('21', 'IN_PROGRESS', t('08:20')),
      position('8', 59.9349, t('08:21')),
      position('8', 59.9456, t('08:25')),
    ];
    const live = new Map<string, RouteSlot>();
    foldRoutes(live, day);
    expect(live.get('21')!.runs.map((r) => [r.from, r.to])).toEqual([
      [0, 1],
      [2, 3],
    ]);
    // The positions read as their area (two decimals) after their expiry.
    const area = (e: RecordedEvent) => {
      const d = e.data as { latitude?: number };
      return e.type === 'CourierLocationReported'
        ? ({ ...e, data: { ...d, latitude: Math.round(d.latitude! * 100) / 100 } } as RecordedEvent)
        : e;
    };
    const rebuilt = new Map<string, RouteSlot>();
    foldRoutes(rebuilt, day.map(area));
    const refolded = refoldRuns(
      live.get('21')!,
      '8',
      day.map(area).filter((e) => e.type === 'CourierLocationReported'),
    );
    expect(refolded).toEqual(rebuilt.get('21'));
    expect(refolded.drivenMetres).not.toBe(live.get('21')!.drivenMetres);
  });
});

describe('the route stops kept for the rollup per department and day (0101 addendum)', () => {
  it('planned, reordered, removed and replaced: the stops that are not rest breaks', () => {
    const rows = new Map<string, RouteSlot>();
    const at = '2026-11-24T07:00:00.000Z';
    const stop = (kind: string, consignmentId?: string) => ({ kind, consignmentId });
    const s = 'stops-1';
    foldRoutes(rows, [slotCreated(s, null)]);
    expect(rows.get(s)!.stops).toEqual([]);
    foldRoutes(rows, [
      on(
        `slot-${s}`,
        'ConsignmentsPlannedOnSlot',
        {
          id: s,
          consignmentIds: ['a', 'b'],
          stops: [
            stop('pickup', 'a'),
            stop('pickup', 'b'),
            stop('delivery', 'a'),
            stop('delivery', 'b'),
          ],
        },
        at,
      ),
    ]);
    expect(rows.get(s)!.stops).toEqual(['a', 'b', 'a', 'b']);
    foldRoutes(rows, [
      on(
        `slot-${s}`,
        'SlotRouteReordered',
        {
          id: s,
          stops: [
            stop('pickup', 'b'),
            stop('rest_break'),
            stop('pickup', 'a'),
            stop('delivery', 'a'),
            stop('delivery', 'b'),
          ],
        },
        at,
      ),
    ]);
    expect(rows.get(s)!.stops).toEqual(['b', 'a', 'a', 'b']);
    foldRoutes(rows, [
      on(`slot-${s}`, 'ConsignmentsRemovedFromSlot', { id: s, consignmentIds: ['b'] }, at),
    ]);
    expect(rows.get(s)!.stops).toEqual(['a', 'a']);
    foldRoutes(rows, [
      on(
        `slot-${s}`,
        'SlotUpdated',
        { id: s, changes: { date: '2026-11-25', stops: [stop('delivery', 'c')] } },
        at,
      ),
    ]);
    expect(rows.get(s)).toMatchObject({ date: '2026-11-25', stops: ['c'] });
  });
});
