import { describe, expect, it } from '@jest/globals';
import { DEPARTMENTS_TABLE } from '@nordlog/contracts';
import { projectionsSettled, startTestSystem } from '../support/system.js';

/**
 * A projector stopped (for a rebuild, a bulk load, a test) and started again catches up with what
 * was appended meanwhile, wherever it runs: in its worker thread, as the product runs it, and in
 * the process, as the tests run it (docs/decisions/0107). Started twice, it runs once.
 */
describe('the projector stops and starts again', () => {
  for (const projectorInWorker of [true, false]) {
    it(`${projectorInWorker ? 'in its worker thread' : 'in the process'}: catches up after a restart`, async () => {
      const sys = await startTestSystem({ projectorInWorker });
      try {
        const names = async () =>
          (await sys.db.knex(DEPARTMENTS_TABLE).orderBy('name').pluck('name')) as string[];
        const create = async (name: string) => {
          const res = await sys.command('CREATE_DEPARTMENT', {
            name,
            departmentType: 'courier',
            country: 'NO',
            location: { lat: 59.9, lng: 10.7 },
          });
          expect(res.status).toBe(200);
        };
        for (const round of ['A', 'B']) {
          await sys.projector.stop();
          await create(`Stopped ${round}`);
          // Stopped, it does not catch up (a second is long for one event here).
          await projectionsSettled(sys.db.knex, 1000).then(
            () => {
              throw new Error('a stopped projector caught up');
            },
            () => undefined,
          );
          sys.projector.start();
          sys.projector.start();
          await sys.settled();
        }
        expect(await names()).toEqual(['Stopped A', 'Stopped B']);
      } finally {
        await sys.shutdown();
      }
    }, 120_000);
  }
});
