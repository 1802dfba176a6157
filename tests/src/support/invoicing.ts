import type { InvoicingRunRow, InvoicingRunState } from '@nordlog/contracts';
import type { Client } from './system.js';

/** Waits until an invoicing run is in a state (polling `invoicingRuns`); its row. */
export async function waitForInvoicingRun(
  client: Pick<Client, 'query'>,
  departmentId: string,
  id: string,
  state: InvoicingRunState,
  timeoutMs = 60_000,
): Promise<InvoicingRunRow> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const res = await client.query('invoicingRuns', { departmentId, ids: [id] });
    const run = res.status === 200 ? (res.body as InvoicingRunRow[])[0] : undefined;
    if (run && run.state === state) return run;
    if (run && (run.state === 'FAILED' || run.state === 'COMPLETED'))
      throw new Error(`invoicing run ${id} ended ${run.state}: ${JSON.stringify(run.errors)}`);
    if (Date.now() > until)
      throw new Error(`invoicing run ${id} is not ${state}: ${JSON.stringify(res.body)}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}
