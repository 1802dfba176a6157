import { AppError, SYSTEM_IDENTITY, type ErrorItem } from '@nordlog/contracts';
import {
  ApiKeyAuthenticator,
  createAuth,
  createGatewayApp,
  devMessagesPage,
  forwardTo,
  PublicLimit,
  SocketHub,
  trackingLookup,
} from '@nordlog/gateway';
import {
  createKafka,
  KafkaChangeBus,
  MeteredMessagePort,
  messageDelivery,
  PostgresChangeBus,
  signIdentity,
  type ChangeBus,
} from '@nordlog/platform';
import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import {
  buildId,
  helpdeskOf,
  publicConfigOf,
  dashboardUrlsOf,
  messagePort,
  todayInOslo,
  uiFolder,
} from '../parts.js';
import { failed, runService } from './run.js';

/**
 * A gateway as a process of its own (several run side by side behind a proxy): sessions and
 * log-in, the web app, the sockets, and `/api/*` forwarded to the command and query services with
 * the caller's identity signed. Its change feed is the PostgreSQL outbox or, with
 * CHANGE_FEED=kafka, the Kafka change topics (one consumer group per gateway instance).
 */
runService('gateway', ({ config, logger, db, metrics, app }) => {
  const delivery = messageDelivery(config);
  const smtpCa =
    delivery.mode === 'live' && delivery.smtp.caFile
      ? readFileSync(delivery.smtp.caFile, 'utf8')
      : undefined;
  const secret = config.INTERNAL_SECRET!;
  const instance = config.GATEWAY_INSTANCE_ID ?? hostname();
  let kafkaBus: KafkaChangeBus | null = null;
  const bus: ChangeBus =
    config.CHANGE_FEED === 'kafka'
      ? (kafkaBus = new KafkaChangeBus(
          createKafka({
            brokers: config.KAFKA_BROKERS ?? [],
            clientId: `${config.KAFKA_CLIENT_ID}-gateway-${instance}`,
            logger: logger.child({ component: 'kafka' }),
          }),
          {
            groupId: `${config.KAFKA_TOPIC_PREFIX}gateway.${instance}`,
            topicPrefix: config.KAFKA_TOPIC_PREFIX,
            maxWaitMs: config.KAFKA_FETCH_MAX_WAIT_MS,
            logger: logger.child({ component: 'change-feed' }),
          },
        ))
      : new PostgresChangeBus(db.knex, db.notifier, logger.child({ component: 'change-bus' }));
  if (config.CHANGE_FEED === 'kafka' && !config.KAFKA_BROKERS)
    throw new Error('CHANGE_FEED=kafka needs KAFKA_BROKERS');
  const messages = messagePort(delivery, smtpCa, db, logger.child({ component: 'messages' }));
  const metered = new MeteredMessagePort(messages.port, metrics);
  const commands = config.COMMAND_SERVICE_URL!.replace(/\/+$/, '');
  const queries = config.QUERY_SERVICE_URL!.replace(/\/+$/, '');
  let hub: SocketHub | null = null;
  const auth = createAuth({
    knex: db.knex,
    messages: metered,
    publicUrl: () => config.PUBLIC_URL!.replace(/\/+$/, ''),
    logger: logger.child({ component: 'auth' }),
    secret: config.AUTH_SECRET!,
    maxRequestsPerAddress: config.AUTH_MAX_REQUESTS_PER_ADDRESS,
    impersonation: config.NODE_ENV === 'development',
    // A user's own e-mail change is a command, run as the system by the command service.
    updateUser: async (userId: string, changes: { email: string }) => {
      const res = await fetch(`${commands}/api/command/UPDATE_USER`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...signIdentity(secret, SYSTEM_IDENTITY) },
        body: JSON.stringify({ type: 'UPDATE_USER', payload: { id: userId, ...changes } }),
      });
      if (!res.ok) throw AppError.of((await res.json()) as ErrorItem[]);
    },
    helpdesk: helpdeskOf(config),
    customerPortalUrl: config.CUSTOMER_PORTAL_URL ?? null,
    onLogout: (userId: string) => hub?.logout(userId),
  });
  const publicLimit = new PublicLimit(config.PUBLIC_MAX_REQUESTS_PER_MINUTE);
  const toCommands = forwardTo(commands, secret, logger);
  const toQueries = forwardTo(queries, secret, logger);
  app.use(
    createGatewayApp({
      commandApi: toCommands,
      queryApi: toQueries,
      restApi: toQueries,
      authApi: auth.router,
      authPublicApi: auth.apiRouter,
      authenticate: auth.authenticator.middleware(),
      devMessages:
        config.NODE_ENV === 'development' && messages.outbox
          ? devMessagesPage(messages.outbox)
          : undefined,
      logger,
      buildId: config.BUILD_ID ?? buildId(),
      uiDir: config.UI_DIR ?? uiFolder(),
      sourceMaps: config.NODE_ENV !== 'production',
      publicConfig: publicConfigOf(config),
      frameUrls: dashboardUrlsOf(config),
      openApi: toQueries,
      openCommands: toCommands,
      publicLimit,
      downloadApi: toQueries,
      uploadApi: toCommands,
      // The integration APIs behind customers' API keys (docs/decisions/0069-api-keys.md).
      integration: {
        authenticate: new ApiKeyAuthenticator(db.knex, {
          perMinute: config.API_KEY_MAX_REQUESTS_PER_MINUTE,
          perCustomerPerMinute: config.API_KEY_MAX_REQUESTS_PER_CUSTOMER_PER_MINUTE,
          failuresPerMinute: config.API_KEY_MAX_FAILURES_PER_MINUTE,
        }).middleware(),
        queries: toQueries,
        orders: toCommands,
      },
    }),
  );
  return {
    attach: (server) => {
      hub = new SocketHub({
        bus,
        logger: logger.child({ component: 'socket' }),
        identify: (req) => auth.authenticator.identifyUpgrade(req),
        tracking: { lookup: trackingLookup(db.knex), admits: (req) => publicLimit.admits(req) },
        today: todayInOslo,
        groups: auth.authenticator.groups,
        metrics,
      });
      hub.attach(server);
    },
    ready: async () => {
      // With Kafka, ready once the change feed fetches (a socket opened before would miss rows).
      const feed = kafkaBus
        ? await Promise.race([
            kafkaBus.ready().then(() => true),
            new Promise<boolean>((r) => setTimeout(() => r(false), 1000)),
          ])
        : true;
      return { ok: feed, checks: { changeFeed: { kind: config.CHANGE_FEED, ok: feed } } };
    },
    close: async () => {
      await hub?.close();
      await bus.close();
      messages.close();
    },
  };
}).catch(failed);
