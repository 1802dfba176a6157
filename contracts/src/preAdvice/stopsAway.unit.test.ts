import { describe, expect, it } from '@jest/globals';
import type { RouteStop } from '../planning/slots.js';
import { createPreAdvicePolicySchema, stopsBeforeDeliveries } from './index.js';

const p = (id: string): RouteStop => ({ kind: 'pickup', consignmentId: id });
const d = (id: string): RouteStop => ({ kind: 'delivery', consignmentId: id });

describe('STOPS_AWAY: stops left before each delivery (docs/decisions/0062 addendum)', () => {
  it('counts the stops the courier has still to make before each delivery, in route order', () => {
    const stops = [p('1'), p('2'), d('1'), { kind: 'rest_break' } as RouteStop, d('2'), d('3')];
    const states: Record<string, string> = { '1': 'ASSIGNED', '2': 'ASSIGNED', '3': 'COLLECTED' };
    expect([...stopsBeforeDeliveries(stops, (id) => states[id])]).toEqual([
      ['1', 2],
      ['2', 3],
      ['3', 4],
    ]);
  });

  it('a collected pickup and a delivered or deviated delivery are behind the courier; a delivered order has no count', () => {
    const stops = [p('1'), p('2'), d('1'), d('2'), d('3')];
    const states: Record<string, string> = { '1': 'DELIVERED', '2': 'COLLECTED', '3': 'COLLECTED' };
    expect([...stopsBeforeDeliveries(stops, (id) => states[id])]).toEqual([
      ['2', 0],
      ['3', 1],
    ]);
    states['2'] = 'DEVIATED';
    expect([...stopsBeforeDeliveries(stops, (id) => states[id])]).toEqual([['3', 0]]);
  });

  it('a policy names stopsAway exactly when it sends at STOPS_AWAY', () => {
    const base = {
      name: 'Near',
      departmentId: '1',
      channel: 'SMS',
      texts: [{ language: 'nb', smsText: 'Sjåføren er snart hos deg' }],
    };
    expect(
      createPreAdvicePolicySchema.safeParse({ ...base, triggers: ['STOPS_AWAY'], stopsAway: 3 })
        .success,
    ).toBe(true);
    const missing = createPreAdvicePolicySchema.safeParse({ ...base, triggers: ['STOPS_AWAY'] });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues[0]?.path).toEqual(['stopsAway']);
    expect(
      createPreAdvicePolicySchema.safeParse({ ...base, triggers: ['BOOKED'], stopsAway: 3 })
        .success,
    ).toBe(false);
    expect(
      createPreAdvicePolicySchema.safeParse({ ...base, triggers: ['STOPS_AWAY'], stopsAway: 21 })
        .success,
    ).toBe(false);
  });
});
