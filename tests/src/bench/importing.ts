import { orderImportColumns, rowPayload } from '@nordlog/contracts';
import { IMPORT_CONCURRENCY } from '@nordlog/command-service';
import { performance } from 'node:perf_hooks';
import { bookingDate, configureNumberSeries } from '../support/booking.js';
import { csvText, multipart } from '../support/importFiles.js';
import { numberArg as arg } from './args.js';
import { onLocalSystem, runBench } from './localSystem.js';
import { adminClient } from './adminClient.js';
import { fmt } from './stats.js';

/**
 * `npm run bench:importing [-- --rows N --keep]` (docs/decisions/0059-import.md). On the local
 * PostgreSQL server (LOCAL_PG_URL), in a database of its own: N (default 10,000) orders booked by
 * CREATE_ORDER sent one by one over HTTP, IMPORT_CONCURRENCY at a time (the baseline, what a
 * client booking a file row by row does), then a CSV file of N other rows of the same shape
 * uploaded to `POST /uploadExcelOrdersV2`, timed until the import is done. Printed: rows booked a
 * second each way and their ratio (these machines are shared and noisy: the ratio is what counts).
 */

const ROWS = arg('--rows', 10_000);
const KEEP = process.argv.includes('--keep');
const DATE = bookingDate(2);

const values = (prefix: string, i: number): Record<string, string> => ({
  customerId: '1',
  customerRef: `${prefix}-${i}`,
  pickupDate: DATE,
  deliveryName: `Mottaker ${i} Åsgård`,
  deliveryAddress: `Kirkegata ${(i % 40) + 1}`,
  deliveryZipCode: ['0153', '0155', '0355', '0568'][i % 4]!,
  deliveryZipArea: 'Oslo',
  deliveryCountry: 'NO',
  weight: '2,5',
  quantity: String((i % 3) + 1),
});

runBench(async () => {
  await onLocalSystem(
    'importing',
    async (system) => {
      const { headers: admin, command, client } = await adminClient(system, '+4799000059');
      const departmentId = (
        await command('CREATE_DEPARTMENT', {
          name: 'Oslo',
          departmentType: 'courier',
          country: 'NO',
          location: { lat: 59.908, lng: 10.746 },
        })
      ).ids![0]!;
      await command('CREATE_CUSTOMER', { name: 'Import AS', departmentId });
      await configureNumberSeries(client);

      // Baseline: CREATE_ORDER one by one, IMPORT_CONCURRENCY at a time, the same rows' orders.
      let next = 0;
      const bookStart = performance.now();
      await Promise.all(
        Array.from({ length: IMPORT_CONCURRENCY }, async () => {
          while (next < ROWS) {
            const i = next++;
            await command(
              'CREATE_ORDER',
              rowPayload(orderImportColumns, values('B', i), departmentId),
            );
          }
        }),
      );
      const bookSeconds = (performance.now() - bookStart) / 1000;

      // The import: one file of N rows, until its job is done.
      const file = Buffer.from(csvText(Array.from({ length: ROWS }, (_, i) => values('I', i))));
      const { body, contentType } = multipart({ departmentId }, { name: 'orders.csv', data: file });
      const importStart = performance.now();
      const res = await fetch(`${system.url}/uploadExcelOrdersV2`, {
        method: 'POST',
        headers: { ...admin, 'content-type': contentType },
        body,
      });
      const job = (await res.json()) as { importId: string; refused: number };
      if (res.status !== 202 || job.refused > 0)
        throw new Error(`upload: ${res.status} ${JSON.stringify(job).slice(0, 500)}`);
      const checkedSeconds = (performance.now() - importStart) / 1000;
      let status: { status: string; booked: number; refused: number } | undefined;
      for (;;) {
        const answer = await fetch(`${system.url}/api/query/getImportStatus`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...admin },
          body: JSON.stringify({ params: { importId: job.importId } }),
        });
        status = ((await answer.json()) as (typeof status)[])[0];
        if (status?.status !== 'RUNNING') break;
        await new Promise((r) => setTimeout(r, 100));
      }
      const importSeconds = (performance.now() - importStart) / 1000;
      if (status?.booked !== ROWS) throw new Error(`import: ${JSON.stringify(status)}`);
      const bookRate = ROWS / bookSeconds;
      const importRate = ROWS / importSeconds;
      console.log(
        `  CREATE_ORDER, ${ROWS} one by one over HTTP, ${IMPORT_CONCURRENCY} at a time: ${fmt(bookSeconds, 2)} s, ${fmt(bookRate, 1)} rows/s (baseline)`,
      );
      console.log(
        `  import of a ${fmt(file.length / 1024)} kB CSV of ${ROWS} rows: ${fmt(importSeconds, 2)} s ` +
          `(read and checked in ${fmt(checkedSeconds, 2)} s), ${fmt(importRate, 1)} rows/s`,
      );
      console.log(
        `  ratio of the import's rows a second to CREATE_ORDER's: ${fmt(importRate / bookRate, 2)} ×`,
      );
    },
    { keep: KEEP },
  );
});
