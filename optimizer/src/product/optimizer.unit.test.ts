import { describe, expect, it } from '@jest/globals';
import type { LatLng } from '@nordlog/contracts';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { greatCircleMatrix } from '../matrix/greatCircle.js';
import type { MatrixService } from '../matrix/http.js';
import { day, runOf } from '../testing/day.js';
import { createRouteOptimizer } from './optimizer.js';

// The worker runs compiled code: `npx tsc -b optimizer` (which `npm test` runs first) builds it.
const workerUrl = new URL('../../dist/product/worker.js', import.meta.url);

/** A road service that answers great-circle distances and counts its calls. */
function fakeOsrm() {
  const calls: { points: number; profile: string }[] = [];
  const service: MatrixService = {
    matrix: (points: readonly LatLng[], profile: string) => {
      calls.push({ points: points.length, profile });
      return Promise.resolve(greatCircleMatrix(points, 30));
    },
  };
  return { service, calls };
}

describe('the product optimiser: a worker pool over prepared days (docs/decisions/0026)', () => {
  it('has a built worker', () => {
    expect(existsSync(fileURLToPath(workerUrl))).toBe(true);
  });

  it('uses the configured road service for its optimiser type, fetched once for the same places', async () => {
    const osrm = fakeOsrm();
    const optimizer = createRouteOptimizer({
      workers: 1,
      workerUrl,
      optimizerType: 'PTV',
      services: { osrm: osrm.service },
    });
    try {
      const input = day({ run: runOf({ seconds: 1 }) });
      const prepared = await optimizer.prepare(input);
      expect(prepared.problem).toMatchObject({ matrix: 'osrm', optimizerType: 'PTV', vehicles: 2 });
      const progress: number[] = [];
      const outcome = await prepared.solve((p) => progress.push(p.elapsedMs)).result;
      expect(outcome.errors).toEqual([]);
      expect(outcome.result.unplaced).toEqual([]);
      expect(progress.length).toBeGreaterThan(0);
      expect(osrm.calls).toEqual([{ points: 10, profile: 'car' }]);
      // The same day again: the matrix comes from the cache, the worker is the same one.
      await (await optimizer.prepare(input)).solve(() => undefined).result;
      expect(osrm.calls).toHaveLength(1);
    } finally {
      await optimizer.close();
    }
  }, 20_000);

  it('a cancelled solve stops early and says so; a run waits for a free worker', async () => {
    const optimizer = createRouteOptimizer({ workers: 1, workerUrl });
    try {
      const long = (await optimizer.prepare(day({ run: runOf({ seconds: 30 }) }))).solve(
        () => undefined,
      );
      const next = (await optimizer.prepare(day({ run: runOf({ seconds: 1 }) }))).solve(
        () => undefined,
      );
      const began = Date.now();
      setTimeout(() => long.cancel(), 300);
      const first = await long.result;
      expect(first.cancelled).toBe(true);
      expect(Date.now() - began).toBeLessThan(10_000);
      expect((await next.result).cancelled).toBe(false);
    } finally {
      await optimizer.close();
    }
  }, 20_000);
});
