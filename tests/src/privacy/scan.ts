import { checksum, projections, rebuild } from '@nordlog/projector';
import type { TestSystem } from '../support/system.js';

/**
 * Every table of the system's database whose rows, as text, contain one of the strings (as
 * `table: string`): how the privacy tests look for personal data wherever it may have been copied.
 */
export async function tablesHolding(
  sys: Pick<TestSystem, 'db'>,
  strings: readonly string[],
): Promise<string[]> {
  const knex = sys.db.knex;
  const tables = (
    await knex.raw<{ rows: { name: string }[] }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE'`,
    )
  ).rows;
  const found: string[] = [];
  for (const { name } of tables)
    for (const s of strings) {
      const { rows } = await knex.raw<{ rows: { n: number }[] }>(
        `select count(*)::int as n from "${name}" t where t::text ilike ?`,
        [`%${s}%`],
      );
      if (rows[0]!.n > 0) found.push(`${name}: ${s}`);
    }
  return found;
}

/**
 * The read models' checksums as the live projector left them and as a rebuild from the events
 * gives them (the projector stopped meanwhile): equal when every erasure was folded in live.
 */
export async function liveAndRebuilt(
  sys: Pick<TestSystem, 'db' | 'store' | 'projector' | 'settled'>,
): Promise<{ live: string[]; rebuilt: string[] }> {
  await sys.settled();
  const sums = () => Promise.all(projections.map((p) => checksum(sys.db.knex, p)));
  const live = await sums();
  await sys.projector.stop();
  try {
    await rebuild(sys.db.knex, sys.store, projections);
  } finally {
    sys.projector.start();
  }
  return { live, rebuilt: await sums() };
}
