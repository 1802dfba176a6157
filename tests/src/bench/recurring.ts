import { performance } from 'node:perf_hooks';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { numberArg as arg } from './args.js';
import { onLocalSystem, runBench } from './localSystem.js';
import { adminClient } from './adminClient.js';
import { fmt } from './stats.js';

/**
 * `npm run bench:volume` (its recurring part; alone: `node tests/dist/bench/recurring.js
 * [--recurring N --sources S --keep]`), docs/decisions/0058-recurring-orders.md.
 *
 * On the local PostgreSQL server, in a database of its own: S (default 200) orders booked one at
 * a time over HTTP (CREATE_ORDER, the baseline: orders booked a second), N (default 5,000)
 * recurring orders each holding one of them (SAVE_RECURRING_ORDER), then one
 * EXECUTE_RECURRING_ORDERS of the department for a weekday, which books every occurrence through
 * CREATE_ORDER's rules, and a second one of the same date, which books nothing. Printed: the
 * execution's orders booked a second and its ratio to CREATE_ORDER's rate in the same run.
 */

const RECURRING = arg('--recurring', 5_000);
const SOURCES = arg('--sources', 200);
const KEEP = process.argv.includes('--keep');

/** The first weekday (Monday–Friday) at least two days ahead: the default schedule books on it. */
function nextWeekday(): string {
  for (let days = 2; ; days++) {
    const date = bookingDate(days);
    const weekday = new Date(`${date}T12:00:00Z`).getUTCDay();
    if (weekday >= 1 && weekday <= 5) return date;
  }
}

runBench(async () => {
  await onLocalSystem(
    'recurring',
    async (system) => {
      const { command, query, client } = await adminClient(system, '+4799000058');
      const department = (
        await command('CREATE_DEPARTMENT', {
          name: 'Oslo',
          departmentType: 'courier',
          country: 'NO',
        })
      ).ids![0]!;
      const customerId = (
        await command('CREATE_CUSTOMER', { name: 'Fast Kunde AS', departmentId: department })
      ).ids![0]!;
      await configureNumberSeries(client);
      const date = nextWeekday();
      const sources: string[] = [];
      const bookStart = performance.now();
      for (let i = 0; i < SOURCES; i++)
        sources.push(
          (
            await command('CREATE_ORDER', {
              departmentId: department,
              customerId,
              pickupDate: bookingDate(1),
              pickup: { ...osloAddress, name: `Avsender ${i}` },
              delivery: { ...osloAddress, name: `Mottaker ${i}` },
              measurements: [{ weight: 2, quantity: 1 }],
            })
          ).ids![0]!,
        );
      const bookRate = SOURCES / ((performance.now() - bookStart) / 1000);
      const saveStart = performance.now();
      for (let i = 0; i < RECURRING; i++)
        await command('SAVE_RECURRING_ORDER', {
          name: `Fast rute ${i}`,
          orderIds: [sources[i % SOURCES]],
          startDate: bookingDate(1),
        });
      const saveSeconds = (performance.now() - saveStart) / 1000;
      const runStart = performance.now();
      const first = await command('EXECUTE_RECURRING_ORDERS', { date, department });
      const runSeconds = (performance.now() - runStart) / 1000;
      const againStart = performance.now();
      const again = await command('EXECUTE_RECURRING_ORDERS', { date, department });
      const againSeconds = (performance.now() - againStart) / 1000;
      // What the date booked, as the result screen reads it (after the projections caught up).
      let booked = 0;
      for (let waited = 0; waited < 120_000 && booked < RECURRING; waited += 500) {
        const result = await query<{ rows: { status: string; orderIds: string[] }[] }>(
          'recurringOrderResult',
          { department, date },
        );
        booked = result.rows
          .filter((r) => r.status === 'BOOKED')
          .reduce((n, r) => n + r.orderIds.length, 0);
        if (booked < RECURRING) await new Promise((r) => setTimeout(r, 500));
      }
      if (booked !== RECURRING) throw new Error(`booked ${booked} of ${RECURRING}`);
      const rate = RECURRING / runSeconds;
      console.log(
        `  CREATE_ORDER, ${SOURCES} one at a time: ${fmt(bookRate, 1)} orders/s (baseline); ` +
          `SAVE_RECURRING_ORDER × ${RECURRING}: ${fmt(saveSeconds, 1)} s`,
      );
      console.log(
        `  EXECUTE_RECURRING_ORDERS of ${date} for ${RECURRING} recurring orders: ${fmt(runSeconds, 2)} s, ` +
          `${booked} orders booked, ${fmt(rate, 1)} a second (refused: ${first.failed?.length ?? 0}); ratio to CREATE_ORDER ${fmt(rate / bookRate, 2)} ×`,
      );
      console.log(
        `  the same date again: ${fmt(againSeconds, 2)} s, refused ${again.failed?.length ?? 0} (books nothing)`,
      );
    },
    { keep: KEEP },
  );
});
