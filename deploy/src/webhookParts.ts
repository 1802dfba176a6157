import { JobControl, WebhookWorker } from '@nordlog/command-service';
import {
  assertPublicUrl,
  webhookSecret,
  webhookSigningKey,
  type Config,
  type Database,
  type Logger,
} from '@nordlog/platform';

/**
 * Webhooks (docs/decisions/0070-webhooks.md): the URL check a command makes when a hook is saved,
 * the secret a query shows, and the worker that sends (every command process may run one: each
 * delivery is leased before it is posted).
 */
export const webhookUrlCheck = (config: Config) => (url: string) =>
  assertPublicUrl(url, config.WEBHOOKS_ALLOW_LOCAL);

export const webhookSecrets = (config: Config) => (id: string, version: number) =>
  webhookSecret(webhookSigningKey(config), id, version);

export function webhookWorker(config: Config, db: Database, logger: Logger): WebhookWorker {
  const worker = new WebhookWorker({
    knex: db.knex,
    logger: logger.child({ component: 'webhooks' }),
    signingKey: webhookSigningKey(config),
    allowLocal: config.WEBHOOKS_ALLOW_LOCAL,
    timeoutMs: config.WEBHOOK_TIMEOUT_SECONDS * 1000,
    intervalMs: Math.max(100, config.WEBHOOK_INTERVAL_SECONDS * 1000),
    signals: db.notifier,
  }).governedBy('WEBHOOK_DELIVERY', new JobControl(db.knex));
  if (config.WEBHOOK_INTERVAL_SECONDS > 0) worker.start();
  return worker;
}
