import { performance } from 'node:perf_hooks';
import { bookingDate, configureNumberSeries, osloAddress } from '../support/booking.js';
import { numberArg as arg } from './args.js';
import { onLocalSystem, runBench } from './localSystem.js';
import { adminClient } from './adminClient.js';
import { fmt } from './stats.js';

/**
 * `npm run bench:exceptions` (its returns part; alone: `node tests/dist/bench/returns.js
 * [--orders N --keep]`), docs/decisions/0057-returns.md.
 *
 * On the local PostgreSQL server, in a database of its own: N (default 500) orders booked one at
 * a time over HTTP (CREATE_ORDER, the baseline: orders booked a second), planned and delivered;
 * then one CREATE_MULTILEG_RETURNS of all N, whose every return is two new orders (the legs
 * through the terminal) booked by the same rules, with the returned order's record, in one atomic
 * append per order. Printed: the returns' orders booked a second, and their ratio to CREATE_ORDER's
 * rate measured in the same run (these machines are shared and noisy: the ratio is what counts).
 */

const ORDERS = arg('--orders', 500);
const KEEP = process.argv.includes('--keep');
const DATE = bookingDate(2);

runBench(async () => {
  await onLocalSystem(
    'returns',
    async (system) => {
      const { command, client } = await adminClient(system, '+4799000057');
      const departmentId = (
        await command('CREATE_DEPARTMENT', {
          name: 'Oslo',
          departmentType: 'courier',
          country: 'NO',
          address: { street: 'Tollbugata 17', postalCode: '0152', town: 'Oslo', country: 'NO' },
          location: { lat: 59.908, lng: 10.746 },
        })
      ).ids![0]!;
      const customerId = (await command('CREATE_CUSTOMER', { name: 'Retur AS', departmentId }))
        .ids![0]!;
      await configureNumberSeries(client);
      const slotId = (
        await command('CREATE_SLOT', {
          departmentId,
          name: 'Returns',
          timeFrom: `${DATE}T07:00:00+01:00`,
        })
      ).ids![0]!;

      // Baseline: CREATE_ORDER one at a time, as the booking form sends it.
      const orderIds: string[] = [];
      const bookStart = performance.now();
      for (let i = 0; i < ORDERS; i++)
        orderIds.push(
          (
            await command('CREATE_ORDER', {
              departmentId,
              customerId,
              pickupDate: DATE,
              pickup: { ...osloAddress, name: `Avsender ${i}` },
              delivery: {
                ...osloAddress,
                name: `Mottaker ${i}`,
                lat: 59.9 + (i % 50) / 1000,
                lng: 10.7 + (i % 37) / 1000,
              },
              measurements: [{ weight: 2, quantity: 2 }],
            })
          ).ids![0]!,
        );
      const bookSeconds = (performance.now() - bookStart) / 1000;
      for (let i = 0; i < orderIds.length; i += 100) {
        const chunk = orderIds.slice(i, i + 100);
        await command('UPDATE_CONSIGNMENT_SLOT', { consignmentIds: chunk, slotId });
        await command('MANUAL_DELIVER', { consignmentIds: chunk });
      }

      // One CREATE_MULTILEG_RETURNS of every order: two legs each.
      const returnStart = performance.now();
      const answer = await command('CREATE_MULTILEG_RETURNS', { orderIds, pickupDate: DATE });
      const returnSeconds = (performance.now() - returnStart) / 1000;
      if ((answer.failed?.length ?? 0) > 0 || answer.ids!.length !== ORDERS)
        throw new Error(`returns refused: ${JSON.stringify(answer.failed).slice(0, 500)}`);
      const legs = 2 * ORDERS;
      const bookRate = ORDERS / bookSeconds;
      const legRate = legs / returnSeconds;
      console.log(
        `  CREATE_ORDER, ${ORDERS} one at a time: ${fmt(bookSeconds, 2)} s, ${fmt(bookRate, 1)} orders/s (baseline)`,
      );
      console.log(
        `  CREATE_MULTILEG_RETURNS of ${ORDERS} orders in one command: ${fmt(returnSeconds, 2)} s, ` +
          `${fmt(ORDERS / returnSeconds, 1)} returns/s, ${fmt(legRate, 1)} legs (new orders)/s`,
      );
      console.log(
        `  ratio of the returns' orders booked a second to CREATE_ORDER's: ${fmt(legRate / bookRate, 2)} ×`,
      );
    },
    { keep: KEEP },
  );
});
