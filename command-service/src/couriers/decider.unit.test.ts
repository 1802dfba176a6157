import { describe, expect, it } from '@jest/globals';
import { courierLocationDecider } from './decider.js';

const at = (iso: string) => ({
  id: '7',
  latitude: 59.91,
  longitude: 10.75,
  accuracy: 12,
  at: iso,
  userId: '3',
  departmentIds: ['1'],
});

describe('courier location decider', () => {
  it('records a report', () => {
    const events = courierLocationDecider.decide(
      { type: 'report', location: at('2026-11-22T08:00:00.000Z') },
      courierLocationDecider.initialState,
    );
    expect(events).toEqual([
      { type: 'CourierLocationReported', data: at('2026-11-22T08:00:00.000Z') },
    ]);
  });

  it('ignores a report measured no later than the last one (a retry or out of order)', () => {
    const state = { last: at('2026-11-22T08:00:00.000Z') };
    const decide = (iso: string) =>
      courierLocationDecider.decide({ type: 'report', location: at(iso) }, state);
    expect(decide('2026-11-22T08:00:00.000Z')).toEqual([]);
    expect(decide('2026-11-22T07:59:00.000Z')).toEqual([]);
    expect(decide('2026-11-22T08:01:00.000Z')).toHaveLength(1);
  });
});
