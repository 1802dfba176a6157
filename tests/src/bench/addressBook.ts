import { ADDRESS_UPLOAD_CONCURRENCY, addressColumns } from '@nordlog/contracts';
import { performance } from 'node:perf_hooks';
import { csvText, multipart } from '../support/importFiles.js';
import { numberArg as arg } from './args.js';
import { onLocalSystem, runBench } from './localSystem.js';
import { adminClient } from './adminClient.js';
import { fmt } from './stats.js';

/**
 * `npm run bench:addresses [-- --rows N --keep]` (docs/decisions/0061-address-book.md). On the local
 * PostgreSQL server (LOCAL_PG_URL), in a database of its own: N (default 5,000) addresses saved by
 * CREATE_ADDRESS sent one by one over HTTP, ADDRESS_UPLOAD_CONCURRENCY at a time (the baseline),
 * then a CSV of N other addresses uploaded to `POST /uploadExcelAddresses`, the customer's 2N
 * addresses downloaded as xlsx, and that file uploaded again (every row unchanged). Printed: rows a
 * second each way and their ratios to the baseline.
 */

const ROWS = arg('--rows', 5_000);
const KEEP = process.argv.includes('--keep');
const keys = addressColumns.map((c) => c.key);

const place = (prefix: string, i: number) => ({
  code: `${prefix}-${i}`,
  name: `Mottaker ${i} Åsgård`,
  address: `Kirkegata ${(i % 40) + 1}`,
  zipCode: ['0153', '0155', '0355', '0568'][i % 4]!,
  zipArea: 'Oslo',
  phone: `+479${String(1_000_000 + i).padStart(7, '0')}`,
});

runBench(async () => {
  await onLocalSystem(
    'addresses',
    async (system) => {
      const { headers: admin, command } = await adminClient(system, '+4799000061');
      const departmentId = (
        await command('CREATE_DEPARTMENT', {
          name: 'Oslo',
          departmentType: 'courier',
          country: 'NO',
        })
      ).ids![0]!;
      const customerId = (
        await command('CREATE_CUSTOMER', { name: 'Adresse AS', alystraId: '61061', departmentId })
      ).ids![0]!;

      // Baseline: CREATE_ADDRESS one by one, the upload's concurrency, the same shape of rows.
      let next = 0;
      const saveStart = performance.now();
      await Promise.all(
        Array.from({ length: ADDRESS_UPLOAD_CONCURRENCY }, async () => {
          while (next < ROWS) {
            const { code, ...block } = place('B', next++);
            await command('CREATE_ADDRESS', { departmentId, customerId, code, block });
          }
        }),
      );
      const saveSeconds = (performance.now() - saveStart) / 1000;

      const upload = async (data: Buffer, name: string) => {
        const { body, contentType } = multipart({ customerId, departmentId }, { name, data });
        const start = performance.now();
        const res = await fetch(`${system.url}/uploadExcelAddresses`, {
          method: 'POST',
          headers: { ...admin, 'content-type': contentType },
          body,
        });
        const answer = (await res.json()) as Record<string, unknown>;
        if (res.status !== 200) throw new Error(`upload: ${res.status} ${JSON.stringify(answer)}`);
        return { seconds: (performance.now() - start) / 1000, answer };
      };
      const file = Buffer.from(
        csvText(
          Array.from({ length: ROWS }, (_, i) => place('U', i)),
          ';',
          keys,
        ),
      );
      const first = await upload(file, 'addresses.csv');
      if (first.answer.created !== ROWS) throw new Error(`upload: ${JSON.stringify(first.answer)}`);

      const downloadStart = performance.now();
      const res = await fetch(`${system.url}/downloadCustomerAddresses`, {
        method: 'POST',
        headers: { ...admin, 'content-type': 'application/json' },
        body: JSON.stringify({ params: { customerNumber: '61061', language: 'nb' } }),
      });
      const xlsx = Buffer.from(await res.arrayBuffer());
      const downloadSeconds = (performance.now() - downloadStart) / 1000;
      if (res.status !== 200) throw new Error(`download: ${res.status}`);
      const again = await upload(xlsx, 'addresses.xlsx');
      if (again.answer.unchanged !== 2 * ROWS)
        throw new Error(`upload again: ${JSON.stringify(again.answer).slice(0, 300)}`);

      const saveRate = ROWS / saveSeconds;
      console.log(
        `  CREATE_ADDRESS, ${ROWS} one by one over HTTP, ${ADDRESS_UPLOAD_CONCURRENCY} at a time: ${fmt(saveSeconds, 2)} s, ${fmt(saveRate, 1)} rows/s (baseline)`,
      );
      console.log(
        `  upload of a ${fmt(file.length / 1024)} kB CSV of ${ROWS} new addresses: ${fmt(first.seconds, 2)} s, ${fmt(ROWS / first.seconds, 1)} rows/s, ${fmt(ROWS / first.seconds / saveRate, 2)} × the baseline`,
      );
      console.log(
        `  download of the ${2 * ROWS} addresses as xlsx (${fmt(xlsx.length / 1024)} kB): ${fmt(downloadSeconds, 2)} s, ${fmt((2 * ROWS) / downloadSeconds, 1)} rows/s`,
      );
      console.log(
        `  that file uploaded again, every row unchanged: ${fmt(again.seconds, 2)} s, ${fmt((2 * ROWS) / again.seconds, 1)} rows/s`,
      );
    },
    { keep: KEEP },
  );
});
