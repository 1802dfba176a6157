import {
  createCommandService,
  createOpenCommands,
  createExternalOrdersApi,
  createImportApi,
  ImportRunner,
  JobControl,
  RecurringScheduler,
  ProofSweepJob,
  RetentionJob,
} from '@nordlog/command-service';
import { geocoderFromConfig, internalIdentity } from '@nordlog/platform';
import {
  commandParts,
  invoicingParts,
  openEventStore,
  optimizingParts,
  preAdviceParts,
} from '../parts.js';
import { blobStoreOf } from '../blobParts.js';
import { failed, runService } from './run.js';
import { webhookUrlCheck, webhookWorker } from '../webhookParts.js';

/**
 * The command service as a process of its own: `POST /api/command/{name}` behind the gateway,
 * which signs the caller's identity (INTERNAL_SECRET).
 */
runService('command', async ({ config, logger, db, metrics, app }) => {
  const store = await openEventStore(config, db, logger);
  const geocoder = geocoderFromConfig(config, logger.child({ component: 'geocoder' }));
  // Proof images: the database, or an S3-compatible store whose deletes run here (0103).
  const blobStore = blobStoreOf(config, db, logger);
  blobStore.startDeletes();
  const command = await commandParts(
    db,
    store,
    geocoder,
    logger,
    metrics,
    webhookUrlCheck(config),
    config.COMMAND_STATES_KEPT,
    blobStore.blobs,
  );
  // Optimising runs are carried beside the command service (docs/decisions/0026).
  // The scheduled jobs run under the admin's switches (docs/decisions/0076-admin-jobs.md).
  const jobControl = new JobControl(db.knex);
  const optimizing = optimizingParts(config, db, command.deps.store, logger);
  optimizing.start();
  const invoicing = invoicingParts(db, command.deps.store, command.deps.ids, logger);
  invoicing.runner.start();
  // Personal data whose retention ran out is erased hourly (docs/decisions/0050).
  const retention = new RetentionJob({
    store: command.deps.store,
    keys: store.keys,
    knex: db.knex,
    logger: logger.child({ component: 'retention' }),
  }).governedBy('RETENTION', jobControl);
  retention.start();
  // Proof images no recorded proof refers to are deleted after a grace (docs/decisions/0095).
  const proofSweep = new ProofSweepJob({
    store: command.deps.store,
    knex: db.knex,
    logger: logger.child({ component: 'proof-sweep' }),
    graceMs: config.PROOF_SWEEP_GRACE_SECONDS * 1000,
    intervalMs: config.PROOF_SWEEP_INTERVAL_SECONDS * 1000,
  }).governedBy('PROOF_SWEEP', jobControl);
  if (config.PROOF_SWEEP_INTERVAL_SECONDS > 0) proofSweep.start();
  // Recurring orders book themselves for the days ahead (docs/decisions/0058); every command
  // process may run it: an occurrence is booked once whoever executes it.
  const recurring = new RecurringScheduler({
    run: (name, payload) => command.run(name, payload),
    knex: db.knex,
    logger: logger.child({ component: 'recurring' }),
    intervalMs: config.RECURRING_INTERVAL_SECONDS * 1000,
  }).governedBy('RECURRING_ORDERS', jobControl);
  if (config.RECURRING_INTERVAL_SECONDS > 0) recurring.start();
  // Pre-advice (docs/decisions/0062): every command process may run it; each attempt is decided
  // once on its order's stream and each message claimed before it is handed over.
  const preAdvice = preAdviceParts(config, db, command.deps.store, logger, metrics);
  // Webhooks (docs/decisions/0070): every command process may send; each delivery is leased.
  const webhooks = webhookWorker(config, db, logger);
  // The public commands (docs/decisions/0063): no identity, run as the public; the gateway
  // forwards them from behind its per-address limit.
  app.use('/openapi/command', createOpenCommands(command.deps));
  app.use('/api/command', internalIdentity(config.INTERNAL_SECRET!));
  app.use('/api/command', createCommandService(command.deps));
  // Spreadsheet imports (docs/decisions/0059): the gateway forwards them here, signed.
  const importDeps = { knex: db.knex, command: command.deps, logger };
  const imports = new ImportRunner(importDeps);
  await imports.start();
  const importApi = createImportApi({ ...importDeps, runner: imports });
  app.use('/api', internalIdentity(config.INTERNAL_SECRET!), importApi);
  app.post('/uploadExcelOrdersV2', internalIdentity(config.INTERNAL_SECRET!), importApi);
  // The external orders API (docs/decisions/0069): the gateway forwards it here, signed.
  app.use(internalIdentity(config.INTERNAL_SECRET!), createExternalOrdersApi(command.deps));
  return {
    close: async () => {
      await optimizing.close();
      await invoicing.close();
      await retention.stop();
      await proofSweep.stop();
      await blobStore.close();
      await recurring.stop();
      await imports.stop();
      await preAdvice?.close();
      await webhooks.stop();
      command.close();
    },
  };
}).catch(failed);
