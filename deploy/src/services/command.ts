import { createCommandService } from '@nordlog/command-service';
import { geocoderFromConfig, internalIdentity } from '@nordlog/platform';
import { commandParts, invoicingParts, openEventStore, optimizingParts } from '../parts.js';
import { failed, runService } from './run.js';

/**
 * The command service as a process of its own: `POST /api/command/{name}` behind the gateway,
 * which signs the caller's identity (INTERNAL_SECRET).
 */
runService('command', async ({ config, logger, db, metrics, app }) => {
  const store = await openEventStore(config, db, logger);
  const geocoder = geocoderFromConfig(config, logger.child({ component: 'geocoder' }));
  const command = await commandParts(db, store, geocoder, logger, metrics);
  // Optimising runs are carried beside the command service (docs/decisions/0026).
  const optimizing = optimizingParts(config, db, command.deps.store, logger);
  optimizing.runner.start();
  const invoicing = invoicingParts(db, command.deps.store, command.deps.ids, logger);
  invoicing.runner.start();
  app.use('/api/command', internalIdentity(config.INTERNAL_SECRET!));
  app.use('/api/command', createCommandService(command.deps));
  return {
    close: async () => {
      await optimizing.close();
      await invoicing.close();
      command.close();
    },
  };
}).catch(failed);
