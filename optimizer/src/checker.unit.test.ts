import { describe, expect, it } from '@jest/globals';
import { checkSolution } from './checker.js';
import type { Problem, Route, Solution, StopRef, Vehicle } from './model.js';
import { euclidMatrix } from './testing/tiny.js';

// Depot at 0, stops on a line: travel time equals distance.
const matrix = euclidMatrix([
  [0, 0],
  [10, 0],
  [20, 0],
  [30, 0],
]);
const vehicle: Vehicle = {
  id: 'v',
  profile: 'm',
  start: 0,
  end: 0,
  earliest: 0,
  latest: 100,
  capacity: [10, 5],
};
const base: Problem = {
  matrices: { m: matrix },
  vehicles: [vehicle],
  jobs: [
    {
      id: 'a',
      pickup: { location: 1, earliest: 0, latest: 50, service: 0 },
      delivery: { location: 2, earliest: 0, latest: 50, service: 0 },
      demand: [4, 2],
    },
    { id: 'b', delivery: { location: 3, earliest: 0, latest: 50, service: 0 }, demand: [3, 1] },
  ],
};
const stop = (jobId: string, type: StopRef['type']) => ({
  jobId,
  type,
  arrival: 0,
  start: 0,
  end: 0,
});
const route = (stops: StopRef[], extra: Partial<Route> = {}): Route => ({
  vehicleId: 'v',
  stops: stops.map((s) => stop(s.jobId, s.type)),
  breaks: [],
  departure: 0,
  arrival: 0,
  distance: 60,
  duration: 0,
  ...extra,
});
const solution = (routes: Route[], unassigned: Solution['unassigned'] = []): Solution => ({
  routes,
  unassigned,
  cost: { unassignedHigh: 0, unassigned: 0, vehicles: routes.length, distance: 0, duration: 0 },
});
const good = [
  { jobId: 'a', type: 'pickup' },
  { jobId: 'a', type: 'delivery' },
  { jobId: 'b', type: 'delivery' },
] as const;

describe('feasibility checker', () => {
  it('accepts a feasible solution', () => {
    expect(checkSolution(base, solution([route([...good])]))).toEqual([]);
  });

  it('rejects a delivery before its pickup', () => {
    const errors = checkSolution(
      base,
      solution([route([good[1], good[0], good[2]], { distance: 60 })]),
    );
    expect(errors.join()).toMatch(/delivered before pickup/);
  });

  it('rejects a load over capacity in any dimension', () => {
    const tight = { ...base, vehicles: [{ ...vehicle, capacity: [10, 2] }] };
    expect(checkSolution(tight, solution([route([...good])])).join()).toMatch(/over capacity/);
  });

  it('rejects a stop served after its time window and a late return', () => {
    const late = { ...base, vehicles: [{ ...vehicle, latest: 59 }] };
    expect(checkSolution(late, solution([route([...good])])).join()).toMatch(/back at 60/);
    const jobs = [
      base.jobs[0]!,
      { ...base.jobs[1]!, delivery: { location: 3, earliest: 0, latest: 29, service: 0 } },
    ];
    expect(checkSolution({ ...base, jobs }, solution([route([...good])])).join()).toMatch(
      /starts 30 after 29/,
    );
  });

  it('rejects a route longer than the vehicle range (maxRangeKm)', () => {
    const short = { ...base, vehicles: [{ ...vehicle, maxDistance: 59 }] };
    expect(checkSolution(short, solution([route([...good])])).join()).toMatch(/over range/);
  });

  it('rejects a job neither routed nor listed, and a job both routed and listed', () => {
    expect(
      checkSolution(base, solution([route([good[0], good[1]], { distance: 40 })])).join(),
    ).toMatch(/b neither routed/);
    const both = solution([route([...good])], [{ jobId: 'b', reason: 'capacity' }]);
    expect(checkSolution(base, both).join()).toMatch(/b routed and unassigned/);
  });

  it('rejects a vehicle that may not carry the goods', () => {
    const adr = {
      ...base,
      vehicles: [{ ...vehicle, forbiddenGoods: ['adr'] }],
      jobs: [base.jobs[0]!, { ...base.jobs[1]!, goods: ['adr'] }],
    };
    expect(checkSolution(adr, solution([route([...good])])).join()).toMatch(/may not serve job b/);
  });

  it('rejects a locked prefix that is not kept first and in order', () => {
    const locked = {
      ...base,
      vehicles: [{ ...vehicle, lockedStops: [{ jobId: 'b', type: 'delivery' as const }] }],
    };
    expect(checkSolution(locked, solution([route([...good])])).join()).toMatch(/locked stop 0/);
  });

  it('S5-VAL-055 requires a time-window break inside its window', () => {
    const withBreak = {
      ...base,
      vehicles: [
        {
          ...vehicle,
          breaks: [{ kind: 'timeWindow' as const, earliest: 15, latest: 25, duration: 5 }],
        },
      ],
    };
    expect(checkSolution(withBreak, solution([route([...good])])).join()).toMatch(
      /break 0 missing/,
    );
    const taken = route([...good], { breaks: [{ afterStops: 1, start: 15, end: 20 }] });
    expect(checkSolution(withBreak, solution([taken]))).toEqual([]);
    const outside = route([...good], { breaks: [{ afterStops: 2, start: 26, end: 31 }] });
    expect(checkSolution(withBreak, solution([outside])).join()).toMatch(
      /break 0 missing or misplaced/,
    );
  });

  it('S5-VAL-059 requires a working-time break before the maximum working time', () => {
    const withBreak = {
      ...base,
      vehicles: [
        {
          ...vehicle,
          breaks: [{ kind: 'workingTime' as const, maxWorkingTime: 40, duration: 10 }],
        },
      ],
    };
    expect(checkSolution(withBreak, solution([route([...good])])).join()).toMatch(
      /break 0 missing/,
    );
    const taken = route([...good], { breaks: [{ afterStops: 2, start: 20, end: 30 }] });
    expect(checkSolution(withBreak, solution([taken]))).toEqual([]);
  });
});
