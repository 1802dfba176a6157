import { createProjector } from '@nordlog/projector';
import { openEventStore } from '../parts.js';
import { failed, runService } from './run.js';

/**
 * The projector as a process of its own: reads the event store's global order and keeps the read
 * models and the change outbox. Every projection keeps its checkpoint in its own transaction, so a
 * projector killed at any moment carries on where it was, with nothing lost or doubled.
 */
runService('projector', async ({ config, logger, db }) => {
  const projector = createProjector({
    knex: db.knex,
    store: await openEventStore(config, db, logger),
    notifier: db.notifier,
    logger: logger.child({ component: 'projector' }),
  });
  projector.start();
  return { close: () => projector.stop() };
}).catch(failed);
