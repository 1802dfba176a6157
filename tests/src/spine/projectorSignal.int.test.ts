import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import {
  CHANGES_CHANNEL,
  Notifier,
  PostgresEventStore,
  silentLogger,
  type NotifyOptions,
} from '@nordlog/platform';
import { createProjector, type Projector } from '@nordlog/projector';
import { meta } from '../eventStore/contract.js';
import { createTestDatabase, type TestDatabase } from '../support/database.js';

/** A notifier that records what it is asked to signal, and how. */
class RecordingNotifier extends Notifier {
  readonly calls: { channel: string; options: NotifyOptions | undefined }[] = [];
  override notify(channel: string, options?: NotifyOptions): void {
    this.calls.push({ channel, options });
    super.notify(channel, options);
  }
}

/**
 * The projector's signal to the readers of the change outbox (the relay, the gateways' change
 * feed) is paced by its batches, so it asks for no interval: one would hold each signal until the
 * interval after the one before (decision record 0025).
 */
describe('the projector signals each committed batch at once', () => {
  let db: TestDatabase;
  let notifier: RecordingNotifier;
  let projector: Projector;

  beforeAll(async () => {
    db = await createTestDatabase();
    notifier = new RecordingNotifier(db.url, db.knex, silentLogger());
    projector = createProjector({
      knex: db.knex,
      store: new PostgresEventStore(db.knex, notifier),
      notifier,
      logger: silentLogger(),
    });
    projector.start();
  });
  afterAll(async () => {
    await projector.stop();
    await notifier.close();
    await db.drop();
  });

  it('signals the change outbox with no interval after each batch', async () => {
    const store = new PostgresEventStore(db.knex, notifier);
    for (let i = 0; i < 3; i++) {
      await store.appendToStream(`paced-${i}`, 'no_stream', [{ type: 'A', data: { i } }], meta());
      const deadline = Date.now() + 10_000;
      const batches = () => notifier.calls.filter((c) => c.channel === CHANGES_CHANNEL).length;
      while (batches() <= i && Date.now() < deadline) await new Promise((r) => setTimeout(r, 10));
      expect(batches()).toBeGreaterThan(i);
    }
    const signals = notifier.calls.filter((c) => c.channel === CHANGES_CHANNEL);
    expect(signals.every((c) => c.options?.minIntervalMs === 0)).toBe(true);
  });
});
