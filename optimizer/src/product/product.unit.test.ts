import { describe, expect, it } from '@jest/globals';
import { chooseMatrix, optimizerTypes, runScope, type OptimizingDay } from '@nordlog/contracts';
import { checkSolution } from '../checker.js';
import { solve } from '../solve.js';
import { greatCircleMatrices } from './matrices.js';
import { outcomeOf } from './outcome.js';
import { DAY_END, buildProblem } from './problem.js';
import { DEPOT, d, day, p, runOf, slot, unit } from '../testing/day.js';

/** Solves a built day a fixed number of moves (the same plan on any machine). */
function solved(input: OptimizingDay) {
  const built = buildProblem(input);
  const matrices = greatCircleMatrices(built.points, built.free, built.profiles);
  const problem = { ...built.problem, matrices };
  const solution = solve(problem, { seconds: 30, maxIterations: 3000, seed: 1 }, { now: () => 0 });
  return {
    built,
    problem,
    solution,
    outcome: outcomeOf(input, built, matrices, { ...solution, cancelled: false }),
  };
}

describe('optimiser types and their distances (S4-STATE-023, docs/decisions/0026)', () => {
  it('S4-STATE-023 the optimiser types are PTV, PTV_CLOUD and GRAPHHOPPER', () => {
    expect([...optimizerTypes]).toEqual(['PTV', 'PTV_CLOUD', 'GRAPHHOPPER']);
  });

  it('each type uses its road service when configured, PTV_CLOUD falls back by market, else great-circle', () => {
    const none = new Set<never>();
    expect(chooseMatrix('PTV', new Set(['osrm']), 'NO')).toEqual({
      source: 'osrm',
      optimizerType: 'PTV',
    });
    expect(chooseMatrix('PTV', none, 'NO').source).toBe('greatCircle');
    expect(chooseMatrix('PTV_CLOUD', new Set(['osrm', 'graphhopper']), 'NO')).toEqual({
      source: 'osrm',
      optimizerType: 'PTV',
    });
    expect(chooseMatrix('PTV_CLOUD', new Set(['osrm', 'graphhopper']), 'FI')).toEqual({
      source: 'graphhopper',
      optimizerType: 'GRAPHHOPPER',
    });
    expect(
      chooseMatrix('PTV_CLOUD', new Set(['osrm', 'graphhopper']), 'NO', ['graphhopperFallback'])
        .optimizerType,
    ).toBe('GRAPHHOPPER');
    expect(chooseMatrix('PTV_CLOUD', new Set(['valhalla']), 'NO').source).toBe('valhalla');
  });
});

describe("a department's day as the solver's problem", () => {
  it('plans the slots that have not started and are not planned by hand, with the unplanned consignments', () => {
    const scope = runScope(
      day({
        slots: [
          slot('10', '100', [d('1')]),
          slot('11', '101', [], { manualPlanning: true }),
          slot('12', '101', [], { state: 'IN_PROGRESS' }),
        ],
      }),
    );
    expect(scope.slots.map((s) => s.slot.id)).toEqual(['10']);
    expect(scope.excludedSlots).toEqual([
      { id: '11', reason: 'manualPlanning' },
      { id: '12', reason: 'IN_PROGRESS' },
    ]);
    // Consignment 2 is on slot 10's day but not on its route: the rows say ASSIGNED, so it stays out.
    expect(scope.consignmentIds).toEqual(['1', '3', '4', '5', '6', '7', '8']);
  });

  it('leaves out consignments without coordinates, and says why', () => {
    const input = day();
    input.consignments[4] = { ...input.consignments[4]!, deliveryLat: null };
    expect(runScope(input).excludedConsignments).toEqual([{ id: '5', reason: 'noCoordinates' }]);
  });

  it('places every consignment in a plan the checker accepts, each pickup before its delivery on one route', () => {
    const { problem, solution, outcome } = solved(day());
    expect(checkSolution(problem, solution)).toEqual([]);
    expect(outcome.errors).toEqual([]);
    expect(outcome.result.unplaced).toEqual([]);
    const onRoutes = outcome.suggestions.flatMap((s) => s.stops);
    for (let id = 1; id <= 8; id++) {
      const route = outcome.suggestions.find((s) =>
        s.stops.some((x) => 'consignmentId' in x && x.consignmentId === String(id)),
      );
      const keys = route!.stops.map((s) =>
        s.kind === 'rest_break' ? s.kind : `${s.consignmentId}:${s.kind}`,
      );
      expect(keys.indexOf(`${id}:pickup`)).toBeLessThan(keys.indexOf(`${id}:delivery`));
    }
    expect(onRoutes.length).toBe(16);
    expect(outcome.result.before).toMatchObject({ vehicles: 1, unassigned: 6 });
    expect(outcome.result.unassigned).toBe(0);
  });

  it("counts every consignment on a slot against its unit's capacity, on board together or not (0021)", () => {
    const input = day({ units: [unit('100', { capacity: 6 }), unit('101', { capacity: 6 })] });
    const { problem, solution, outcome } = solved(input);
    expect(checkSolution(problem, solution)).toEqual([]);
    const count = (slotId: string) =>
      new Set(
        outcome.suggestions
          .find((x) => x.slotId === slotId)!
          .stops.flatMap((x) => (x.kind === 'delivery' ? [x.consignmentId] : [])),
      ).size;
    expect(count('10')).toBeLessThanOrEqual(3);
    expect(count('11')).toBeLessThanOrEqual(3);
    // Slot 10's own two stay on it (sorting errors at worst); the rest that do not fit stay out.
    expect(outcome.result.unplaced.length).toBeGreaterThanOrEqual(2);
    expect(outcome.result.unplaced.every((u) => u.reason === 'noVehicle')).toBe(true);
  });

  it('serves an order booked for a vehicle type only by a unit of that type (0094)', () => {
    const input = day({
      units: [unit('100'), unit('101', { vehicleType: 'truck', name: 'Truck 101' })],
    });
    const rows = input.consignments;
    rows[2] = { ...rows[2]!, vehicleType: 'truck' };
    rows[3] = { ...rows[3]!, vehicleType: 'truck' };
    // No unit of the day is a bicycle: the order stays out, and says why.
    rows[4] = { ...rows[4]!, vehicleType: 'bicycle' };
    const { problem, solution, outcome } = solved(input);
    expect(checkSolution(problem, solution)).toEqual([]);
    const slotOf = (id: string) =>
      outcome.suggestions.find((s) =>
        s.stops.some((x) => 'consignmentId' in x && x.consignmentId === id),
      )?.slotId;
    expect([slotOf('3'), slotOf('4')]).toEqual(['11', '11']);
    expect(slotOf('5')).toBeUndefined();
    expect(outcome.result.unplaced).toContainEqual(
      expect.objectContaining({ id: '5', reason: 'vehicleType' }),
    );
    // The others go anywhere, the truck's route too.
    for (const id of ['6', '7', '8']) expect(slotOf(id)).toBeDefined();
  });

  it('a slot without a unit serves no order booked for a vehicle type, and any other', () => {
    const input = day({ slots: [slot('10', '', [p('2'), d('2'), p('1'), d('1')])], units: [] });
    input.consignments[2] = { ...input.consignments[2]!, vehicleType: 'van' };
    const { built } = solved(input);
    expect(built.problem.vehicles[0]!.type).toBeUndefined();
    expect(built.problem.jobs.find((j) => j.id === '3')!.vehicleTypes).toEqual(['van']);
    expect(built.problem.jobs.find((j) => j.id === '4')!.vehicleTypes).toBeUndefined();
  });

  it("plans a stop without times of its own inside the department's open hours of the date (0098)", () => {
    const input = day({
      hours: {
        pickup: { start: '08:00', end: '15:00' },
        delivery: { start: '09:00', end: '17:00' },
      },
    });
    const rows = input.consignments;
    // Booked without times (3); for the evening only (4: its earliest past the closing); with
    // only a latest before the opening (5).
    rows[2] = { ...rows[2]!, deliveryTimeEarliest: null, deliveryTimeLatest: null };
    rows[3] = { ...rows[3]!, deliveryTimeEarliest: '18:00', deliveryTimeLatest: null };
    rows[4] = { ...rows[4]!, deliveryTimeEarliest: null, deliveryTimeLatest: '08:30' };
    const { built } = solved(input);
    const job = (id: string) => built.problem.jobs.find((j) => j.id === id)!;
    const h = (hhmm: string) => Number(hhmm.slice(0, 2)) * 3600 + Number(hhmm.slice(3)) * 60;
    expect(job('3').pickup).toMatchObject({ earliest: h('08:00'), latest: h('15:00') });
    expect(job('3').delivery).toMatchObject({ earliest: h('09:00'), latest: h('17:00') });
    // The order's own bound stands; the hours never close a window booked past them.
    expect(job('4').delivery).toMatchObject({ earliest: h('18:00'), latest: DAY_END });
    expect(job('5').delivery).toMatchObject({ earliest: 0, latest: h('08:30') });
    // Without hours (a department without a calendar): the whole day, as before.
    const open = solved(day()).built.problem.jobs.find((j) => j.id === '3')!;
    expect(open.pickup).toMatchObject({ earliest: 0, latest: DAY_END });
  });

  it('keeps locked stops (done, or of a fixed order) first and in their order on their slot', () => {
    const input = day();
    input.consignments[1] = { ...input.consignments[1]!, fixedOrder: true };
    const { problem, solution, outcome } = solved(input);
    expect(checkSolution(problem, solution)).toEqual([]);
    const s10 = outcome.suggestions.find((s) => s.slotId === '10');
    const stops = s10?.stops ?? day().slots[0]!.stops;
    expect(stops.slice(0, 2)).toEqual([p('2'), d('2')]);
    expect(problem.vehicles[0]!.lockedStops).toEqual([
      { jobId: '2', type: 'pickup' },
      { jobId: '2', type: 'delivery' },
    ]);
  });

  it('a courier-collected consignment locks its route up to that stop', () => {
    const input = day();
    input.consignments[0] = { ...input.consignments[0]!, state: 'COLLECTED' };
    expect(
      runScope({ ...input, run: runOf({ kind: 'slot', slotIds: ['10'] }) }).slots[0]!.lockedStops,
    ).toEqual([p('2'), d('2'), p('1')]);
  });

  it("at shipment level a shipment's consignments to one address share one stop and stay together", () => {
    const input = day({ run: runOf({ kind: 'shipmentLevel', slotIds: ['11'] }) });
    const twins = ['3', '4'];
    input.slots[1] = slot('11', '101', [p('3'), d('3'), p('5'), d('5'), p('4'), d('4')]);
    input.consignments = input.consignments.map((c) =>
      twins.includes(c.id)
        ? { ...c, slotId: '11', deliveryLat: 59.95, deliveryLng: 10.8, groupId: 'G' }
        : c.id === '5'
          ? { ...c, slotId: '11' }
          : c,
    );
    const { built, outcome } = solved(input);
    expect(built.problem.jobs).toHaveLength(2);
    const keys = outcome.suggestions[0]!.stops.map((s) =>
      s.kind === 'rest_break' ? '' : `${s.consignmentId}:${s.kind}`,
    );
    expect(Math.abs(keys.indexOf('3:delivery') - keys.indexOf('4:delivery'))).toBe(1);
  });

  it('reversed, the route starts where it would end and finishes at the depot', () => {
    const away = { lat: 59.8, lng: 10.6 };
    const input = day({
      run: runOf({ kind: 'reversed', slotIds: ['10'] }),
      units: [
        unit('100', { endLocation: { ...away, address: 'Snarøyveien 30, 1360 Fornebu' } }),
        unit('101'),
      ],
    });
    const { built } = solved(input);
    const v = built.problem.vehicles[0]!;
    expect(built.points[v.start]).toEqual(away);
    expect(built.points[v.end!]).toEqual(DEPOT);
  });

  it("a unit without a depot (null, or an old unit's 0,0) starts and ends at the department (0041-depot)", () => {
    const department = { lat: 59.91, lng: 10.75 };
    const legacy = { lat: 0, lng: 0 } as unknown as null;
    const input = day({
      departmentLocation: department,
      slots: [
        { ...slot('10', '100', [p('2'), d('2')]), shouldDriverNotReturn: false },
        { ...slot('11', '101', []), shouldDriverNotReturn: false },
      ],
      units: [
        unit('100', { startLocation: null, endLocation: null }),
        unit('101', { startLocation: legacy, endLocation: legacy }),
      ],
    });
    const { built } = solved(input);
    for (const v of built.problem.vehicles) {
      expect(built.points[v.start]).toEqual(department);
      expect(built.points[v.end!]).toEqual(department);
    }
    // No point of the problem is 0,0.
    expect(built.points.some((p) => p.lat === 0 && p.lng === 0)).toBe(false);
  });

  it('S7-CMD-007 with given consignments: exactly those, and one that cannot be served fails the run unless sorting errors are allowed', () => {
    const input = day({
      run: runOf({ kind: 'consignments', slotIds: ['11'], consignmentIds: ['3', '4', '5'] }),
    });
    input.consignments[3] = {
      ...input.consignments[3]!,
      deliveryTimeEarliest: '03:00',
      deliveryTimeLatest: '04:00',
    };
    const failed = solved(input).outcome;
    expect(failed.errors).toHaveLength(1);
    expect(failed.errors[0]).toContain('S4');
    const allowed = solved({ ...input, run: { ...input.run, allowSortingErrors: true } }).outcome;
    expect(allowed.errors).toEqual([]);
    const stops = allowed.suggestions[0]!.stops;
    expect(new Set(stops.map((s) => ('consignmentId' in s ? s.consignmentId : '')))).toEqual(
      new Set(['3', '4', '5']),
    );
    expect(stops.slice(-2)).toEqual([p('4'), d('4')]);
    expect(allowed.suggestions[0]!.sortingErrors).toEqual(['4']);
  });

  it('a consignment collected at the department is one delivery stop from the start', () => {
    const input = day({ departmentPickups: ['3'] });
    const { built, outcome } = solved(input);
    expect(built.problem.jobs.find((j) => j.id === '3')!.pickup).toBeUndefined();
    expect(outcome.suggestions.flatMap((s) => s.stops)).not.toContainEqual(p('3'));
  });
});
