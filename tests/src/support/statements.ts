import pg from 'pg';

export interface SentStatement {
  /** The prepared statement's name; none for an unnamed statement (parsed and planned each run). */
  name?: string;
  text: string;
}

/**
 * Records every statement any pg client of this process sends, as the driver gets it, until
 * `restore` (tests of which statements are prepared, issue 15).
 */
export function recordStatements(): { sent: SentStatement[]; restore(): void } {
  const sent: SentStatement[] = [];
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    const config = args[0];
    sent.push(
      typeof config === 'string'
        ? { text: config }
        : { name: (config as { name?: string }).name, text: (config as { text: string }).text },
    );
    return (original as (...a: unknown[]) => unknown).apply(this, args);
  } as typeof original;
  return { sent, restore: () => void (pg.Client.prototype.query = original) };
}
