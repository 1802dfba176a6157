import { errorMiddleware, geocoderFromConfig, internalIdentity } from '@nordlog/platform';
import {
  createDownloadApi,
  createIntegrationQueryApi,
  createOpenApi,
  createQueryService,
  createRestApi,
} from '@nordlog/query-service';
import { queryParts } from '../parts.js';
import { blobStoreOf } from '../blobParts.js';
import { failed, runService } from './run.js';

/**
 * The query service as a process of its own: `/api/query/{name}`, `/api/rest/*`, the downloads and
 * the session-free `/openapi/*` calls, behind the gateway (which signs the caller's identity).
 */
runService('query', ({ config, logger, db, metrics, app }) => {
  const geocoder = geocoderFromConfig(config, logger.child({ component: 'geocoder' }));
  // Proof images are served from where they are kept (docs/decisions/0103); the command
  // service does the bucket's deletes.
  const blobStore = blobStoreOf(config, db, logger);
  // Its own metrics and those of MONITORING_TARGETS make the monitoring page (0084).
  const query = queryParts(config, db, geocoder, logger, {
    metrics: { name: 'query', metrics },
    blobs: blobStore.blobs,
  });
  const downloads = createDownloadApi(query.deps);
  app.use(internalIdentity(config.INTERNAL_SECRET!));
  app.use('/openapi', createOpenApi(query.deps));
  app.use('/api/query', createQueryService(query.deps));
  app.use('/api/rest', createRestApi(query.deps));
  app.use('/api', downloads);
  app.post('/exportLocationListForSlot', downloads);
  // The integration look-ups behind API keys (docs/decisions/0069-api-keys.md).
  app.use(createIntegrationQueryApi(query.deps));
  app.use(errorMiddleware(logger));
  return {
    close: async () => {
      query.close();
      await blobStore.close();
    },
  };
}).catch(failed);
