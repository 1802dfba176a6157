import { describe, expect, it } from '@jest/globals';
import type { ChangeMessage, OptimizingRunRow, RoutePoint } from '@nordlog/contracts';
import { QueryClient } from '@tanstack/react-query';
import fc from 'fast-check';
import { applyChanges } from '../../live/applyChanges';
import {
  applyAllPayloads,
  applyPayload,
  compareRoutes,
  consignmentNames,
  formatSigned,
  isSuggestionsKey,
  keepNewerRows,
  latestRunPerDepartment,
  newestFirst,
  planTrend,
  progressFraction,
  progressPercent,
  reasonText,
  runBelongs,
  runDurationMs,
  runIdOfRefusal,
  runsKey,
  suggestionsConcerned,
  suggestionsKey,
} from './optimizingData';

const run = (over: Partial<OptimizingRunRow> = {}): OptimizingRunRow => ({
  id: '1',
  departmentId: '1',
  date: '2026-11-23',
  kind: 'day',
  slotIds: [],
  consignmentIds: null,
  allowSortingErrors: false,
  includeUnassigned: true,
  seconds: 10,
  state: 'RUNNING',
  requestedBy: '7',
  requestedAt: '2026-11-23T07:00:00.000Z',
  startedAt: '2026-11-23T07:00:01.000Z',
  finishedAt: null,
  beatAt: null,
  problem: null,
  progress: null,
  result: null,
  errors: [],
  cancelledBy: null,
  revision: 1,
  updatedAtEpoch: 1,
  ...over,
});
const progress = (elapsedMs: number) => ({
  elapsedMs,
  iterations: 10,
  vehicles: 2,
  unassigned: 0,
  distanceKm: 12.5,
  drivingMinutes: 30,
});

describe('optimising run progress (S4-FLOW-014)', () => {
  it('is the time used of the run’s seconds: 0 before it starts, 1 when it has ended', () => {
    expect(progressFraction(run({ state: 'REQUESTED', progress: null }))).toBe(0);
    expect(progressFraction(run({ progress: null }))).toBe(0);
    expect(progressFraction(run({ progress: progress(2500) }))).toBe(0.25);
    expect(progressPercent(run({ progress: progress(2500) }))).toBe(25);
    // A run reports a little past its budget while it finishes: the bar stays full.
    expect(progressFraction(run({ progress: progress(10_700) }))).toBe(1);
    for (const state of ['COMPLETED', 'FAILED', 'CANCELLED'] as const)
      expect(progressFraction(run({ state, progress: progress(100) }))).toBe(1);
  });

  it('never leaves 0–1 and grows with the elapsed time', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 120 }),
        fc.integer({ min: 0, max: 200_000 }),
        fc.integer({ min: 0, max: 200_000 }),
        (seconds, a, b) => {
          const fa = progressFraction(run({ seconds, progress: progress(Math.min(a, b)) }));
          const fb = progressFraction(run({ seconds, progress: progress(Math.max(a, b)) }));
          expect(fa).toBeGreaterThanOrEqual(0);
          expect(fb).toBeLessThanOrEqual(1);
          expect(fb).toBeGreaterThanOrEqual(fa);
        },
      ),
    );
  });

  it('a run’s duration is from its start to its end (or now while it runs)', () => {
    const started = run({ finishedAt: '2026-11-23T07:00:11.500Z' });
    expect(runDurationMs(started)).toBe(10_500);
    expect(runDurationMs(run({ startedAt: null }))).toBeNull();
    expect(runDurationMs(run(), Date.parse('2026-11-23T07:00:04.000Z'))).toBe(3000);
    expect(runDurationMs(run())).toBeNull();
  });
});

describe('which runs the board shows', () => {
  it('the newest run of each department (by request time, then id)', () => {
    const runs = [
      run({ id: '9', departmentId: '2', requestedAt: '2026-11-23T08:00:00.000Z' }),
      run({ id: '3', departmentId: '1', requestedAt: '2026-11-23T07:00:00.000Z' }),
      run({ id: '10', departmentId: '1', requestedAt: '2026-11-23T07:00:00.000Z' }),
      run({ id: '4', departmentId: '2', requestedAt: '2026-11-23T09:00:00.000Z' }),
    ];
    expect(latestRunPerDepartment(runs).map((r) => r.id)).toEqual(['10', '4']);
    expect(newestFirst(runs).map((r) => r.id)).toEqual(['4', '9', '10', '3']);
    expect(latestRunPerDepartment([])).toEqual([]);
  });

  it('reasons are shown in the user’s language: the run’s own, a slot’s state, else as sent', () => {
    const known: Record<string, string> = {
      'optimizing.reason.capacity': 'no room',
      'enums.slotState.IN_PROGRESS': 'In progress',
    };
    const t = (key: string, o?: Record<string, unknown>) =>
      known[key] ?? (typeof o?._ === 'string' ? o._ : key);
    expect(reasonText('capacity', t)).toBe('no room');
    expect(reasonText('IN_PROGRESS', t)).toBe('In progress');
    expect(reasonText('something new', t)).toBe('something new');
  });

  it('a refusal names the run going on: by its params, else by its text', () => {
    expect(runIdOfRefusal({ runId: '12' }, undefined)).toBe('12');
    expect(runIdOfRefusal(undefined, 'Optimizing run 34 is going for department 1')).toBe('34');
    expect(runIdOfRefusal(undefined, undefined)).toBeNull();
  });
});

describe('a suggested route against the current one (S4-FLOW-019)', () => {
  const current = { distanceKm: 40, drivingMinutes: 90, stops: 10, late: 2, endTime: null };

  it('differences are suggested less current; fewer km, minutes and late stops are better', () => {
    const compared = compareRoutes(current, {
      distanceKm: 31.5,
      drivingMinutes: 95,
      stops: 12,
      late: 2,
      endTime: null,
    });
    expect(compared).toEqual([
      { figure: 'distanceKm', current: 40, suggested: 31.5, difference: -8.5, trend: 'better' },
      { figure: 'drivingMinutes', current: 90, suggested: 95, difference: 5, trend: 'worse' },
      // More or fewer stops is neither better nor worse.
      { figure: 'stops', current: 10, suggested: 12, difference: 2, trend: 'same' },
      { figure: 'late', current: 2, suggested: 2, difference: 0, trend: 'same' },
    ]);
  });

  it('plan figures after a run: less is better, rounding noise is no change', () => {
    expect(planTrend(3, 2)).toBe('better');
    expect(planTrend(2, 3)).toBe('worse');
    expect(planTrend(12.31, 12.33)).toBe('same');
  });

  it('differences show their sign in the user’s language', () => {
    expect(formatSigned(-8.5, 'en')).toBe('\u22128.5');
    expect(formatSigned(2, 'en')).toBe('+2');
    expect(formatSigned(0.01, 'en')).toBe('0');
    expect(formatSigned(-1234.56, 'nb')).toBe(`\u2212${(1234.6).toLocaleString('nb-NO')}`);
    expect(formatSigned(1.25, 'fr', 1)).toBe(`+${(1.3).toLocaleString('fr')}`);
  });

  it('shipments are named by shipment id and place from route points, then rows, else id', () => {
    const point = (consignmentId: string, shipmentId: string | null, name: string) =>
      ({ consignmentId, shipmentId, name }) as RoutePoint;
    expect(
      consignmentNames(
        ['1', '2', '3'],
        [point('1', 'S1', 'Kari'), point('1', 'S1', 'Later')],
        [{ id: '2', shipmentId: 'S2' }],
      ),
    ).toEqual([
      { id: '1', label: 'S1 Kari' },
      { id: '2', label: 'S2' },
      { id: '3', label: '3' },
    ]);
  });
});

describe('runs and suggestions on the socket (S4-FLOW-014)', () => {
  const change = (
    entity: string,
    id: string,
    data: Record<string, unknown> | null,
    revision = 2,
    op: 'upsert' | 'delete' = 'upsert',
  ): ChangeMessage => ({ entity, op, id, revision, data: data && { id, revision, ...data } });
  const resourcesOf = (e: string) =>
    e === 'optimizingRuns'
      ? ['optimizingRuns']
      : e === 'routeSuggestions'
        ? ['routeSuggestions']
        : [];

  it('a run of the list’s departments and dates joins it; its progress replaces the row', () => {
    const client = new QueryClient();
    const key = runsKey({ departmentIds: ['1'], fromDate: '2026-11-23', toDate: '2026-11-23' });
    client.setQueryData(key, [run({ id: '1', revision: 1 })]);
    const options = { resourcesOf, belongs: runBelongs };
    applyChanges(
      client,
      [
        change('optimizingRuns', '1', { ...run({ progress: progress(500) }), revision: 2 }),
        change('optimizingRuns', '2', { ...run({ id: '2' }), revision: 1 }, 1),
        change('optimizingRuns', '3', { ...run({ id: '3', departmentId: '2' }) }, 1),
        change('optimizingRuns', '4', { ...run({ id: '4', date: '2026-11-24' }) }, 1),
      ],
      options,
    );
    const rows = client.getQueryData<OptimizingRunRow[]>(key)!;
    expect(rows.map((r) => [r.id, r.progress?.elapsedMs ?? null])).toEqual([
      ['1', 500],
      ['2', null],
    ]);
    // An older revision does not replace a newer one.
    applyChanges(client, [change('optimizingRuns', '1', { ...run(), revision: 1 }, 1)], options);
    expect(client.getQueryData<OptimizingRunRow[]>(key)![0]!.progress?.elapsedMs).toBe(500);
  });

  it('a refetched list keeps a row the socket brought newer meanwhile', () => {
    const cached = [run({ id: '1', revision: 5, state: 'COMPLETED' })];
    const fetched = [run({ id: '1', revision: 3 }), run({ id: '2', revision: 1 })];
    expect(keepNewerRows(fetched, cached).map((r) => [r.id, r.state])).toEqual([
      ['1', 'COMPLETED'],
      ['2', 'RUNNING'],
    ]);
    expect(keepNewerRows(fetched, undefined)).toEqual(fetched);
  });

  it('every list of all the user’s departments takes runs of any department', () => {
    const key = runsKey({ departmentIds: [], fromDate: '2026-11-23', toDate: '2026-11-23' });
    expect(runBelongs(key, 'optimizingRuns', run({ departmentId: '4' }))).toBe(true);
    expect(runBelongs(key, 'slots', run())).toBeUndefined();
    expect(runBelongs(['consignments', 'rows', {}], 'optimizingRuns', run())).toBeUndefined();
  });

  it('a day’s suggestions are fetched again for a suggestion of the day or one they hold', () => {
    const key = suggestionsKey({ departmentIds: ['1'], date: '2026-11-23' });
    expect(isSuggestionsKey(key)).toBe(true);
    const held = [{ id: '5' }];
    const suggestion = (departmentId: string, date: string) => ({
      entity: 'routeSuggestions',
      id: '6',
      op: 'upsert' as const,
      data: { id: '6', departmentId, date },
    });
    expect(suggestionsConcerned(key, suggestion('1', '2026-11-23'), held)).toEqual(['6']);
    expect(suggestionsConcerned(key, suggestion('2', '2026-11-23'), held)).toEqual([]);
    expect(suggestionsConcerned(key, suggestion('1', '2026-11-24'), held)).toEqual([]);
    // Applied or cancelled: deleted, without a row.
    expect(
      suggestionsConcerned(
        key,
        { entity: 'routeSuggestions', id: '5', op: 'delete', data: null },
        held,
      ),
    ).toEqual(['5']);
    expect(
      suggestionsConcerned(key, { ...suggestion('1', '2026-11-23'), entity: 'slots' }, held),
    ).toEqual([]);
    expect(
      suggestionsConcerned(['slotViews', 'views', {}], suggestion('1', '2026-11-23'), []),
    ).toBeUndefined();
  });

  it('through applyChanges, a suggestion change asks for the day again (never patched in place)', () => {
    const client = new QueryClient();
    const key = suggestionsKey({ departmentIds: ['1'], date: '2026-11-23' });
    const cached = [{ id: '5', slotId: '5', current: {}, suggested: {} }];
    client.setQueryData(key, cached);
    const refreshed: unknown[] = [];
    applyChanges(client, [change('routeSuggestions', '5', null, 3, 'delete')], {
      resourcesOf,
      viewsConcerned: suggestionsConcerned,
      refreshViews: (k, ids) => refreshed.push([k, ids]),
    });
    expect(refreshed).toEqual([[key, ['5']]]);
    expect(client.getQueryData(key)).toBe(cached);
  });
});

describe('Apply all (S4-FLOW-019)', () => {
  it('one suggestion: its shipments on, those it leaves out unassigned, the break where it is', () => {
    expect(applyPayload({ slotId: '5', adding: ['1'], leaving: ['2'] })).toEqual({
      slot: '5',
      assignToSlot: true,
      consignmentIdsToUnassign: ['2'],
      updatedBreak: null,
      deleteBreak: false,
    });
  });

  it('a shipment one slot leaves and another takes moves: the taker goes first, the giver does not unassign it', () => {
    const giver = { slotId: 'A', adding: ['9'], leaving: ['1', '2'] };
    const taker = { slotId: 'B', adding: ['1'], leaving: [] };
    const other = { slotId: 'C', adding: [], leaving: ['3'] };
    expect(
      applyAllPayloads([giver, taker, other]).map((p) => [p.slot, p.consignmentIdsToUnassign]),
    ).toEqual([
      ['B', []],
      ['A', ['2']],
      ['C', ['3']],
    ]);
  });

  it('two slots swapping shipments unassign neither', () => {
    const a = { slotId: 'A', adding: ['2'], leaving: ['1'] };
    const b = { slotId: 'B', adding: ['1'], leaving: ['2'] };
    const payloads = applyAllPayloads([a, b]);
    expect(payloads.map((p) => p.slot).sort()).toEqual(['A', 'B']);
    for (const p of payloads) expect(p.consignmentIdsToUnassign).toEqual([]);
  });
});
