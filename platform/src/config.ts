import type { z } from 'zod';
import type { S3Settings } from './blobs/s3.js';
import { configSchema } from './configSchema.js';

export { configSchema } from './configSchema.js';

/**
 * Configuration, parsed once at start from the environment; a bad value fails fast with a
 * message naming the variable.
 */
export type Config = Omit<z.infer<typeof configSchema>, 'HOST'> & { HOST: string };

/** The listening interface when HOST is not set: loopback only in development. */
export const defaultHost = (nodeEnv: string) =>
  nodeEnv === 'development' ? '127.0.0.1' : '0.0.0.0';

/** How messages are delivered, with every setting the chosen way needs. */
export type MessageDelivery =
  | { mode: 'outbox' }
  | {
      mode: 'live';
      publicUrl: string;
      smtp: { url: string; from: string; caFile?: string };
      sms: {
        url: string;
        user: string;
        password: string;
        platformId: string;
        platformPartnerId: string;
        sender: string;
      };
    };

const liveSettings = [
  'PUBLIC_URL',
  'SMTP_URL',
  'MAIL_FROM',
  'SMS_PROVIDER_URL',
  'SMS_PROVIDER_USER',
  'SMS_PROVIDER_PASSWORD',
  'SMS_PLATFORM_ID',
  'SMS_PLATFORM_PARTNER_ID',
] as const;

/** The delivery the configuration asks for, or the lines saying what it lacks. */
function resolveDelivery(config: Config): { delivery: MessageDelivery } | { problems: string[] } {
  const mode = config.MESSAGE_DELIVERY ?? (config.NODE_ENV === 'production' ? 'live' : 'outbox');
  if (mode === 'outbox') {
    return config.NODE_ENV === 'production'
      ? {
          problems: [
            '  MESSAGE_DELIVERY: must be live when NODE_ENV=production (the outbox sends nothing to anyone)',
          ],
        }
      : { delivery: { mode: 'outbox' } };
  }
  const missing = liveSettings.filter((name) => !config[name]);
  if (missing.length > 0)
    return {
      problems: missing.map((name) => `  ${name}: required when MESSAGE_DELIVERY=live`),
    };
  const need = (name: (typeof liveSettings)[number]) => config[name] as string;
  return {
    delivery: {
      mode: 'live',
      publicUrl: need('PUBLIC_URL').replace(/\/+$/, ''),
      smtp: {
        url: need('SMTP_URL'),
        from: need('MAIL_FROM'),
        ...(config.SMTP_CA_FILE ? { caFile: config.SMTP_CA_FILE } : {}),
      },
      sms: {
        url: need('SMS_PROVIDER_URL'),
        user: need('SMS_PROVIDER_USER'),
        password: need('SMS_PROVIDER_PASSWORD'),
        platformId: need('SMS_PLATFORM_ID'),
        platformPartnerId: need('SMS_PLATFORM_PARTNER_ID'),
        sender: config.SMS_SENDER,
      },
    },
  };
}

/** What BLOB_STORE=s3 needs besides S3_ENDPOINT (unset: AWS S3) and S3_FORCE_PATH_STYLE. */
const s3Settings = ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const;

/** The S3-compatible store's settings of a configuration that `loadConfig` accepted, or null. */
export function s3SettingsOf(config: Config): S3Settings | null {
  if (config.BLOB_STORE !== 's3') return null;
  return {
    ...(config.S3_ENDPOINT ? { endpoint: config.S3_ENDPOINT } : {}),
    region: config.S3_REGION!,
    bucket: config.S3_BUCKET!,
    accessKeyId: config.S3_ACCESS_KEY_ID!,
    secretAccessKey: config.S3_SECRET_ACCESS_KEY!,
    forcePathStyle: config.S3_FORCE_PATH_STYLE,
  };
}

/** The message delivery of a configuration that `loadConfig` accepted. */
export function messageDelivery(config: Config): MessageDelivery {
  const resolved = resolveDelivery(config);
  if ('problems' in resolved)
    throw new Error(`Invalid configuration:\n${resolved.problems.join('\n')}`);
  return resolved.delivery;
}

function startNeeds(
  config: Config,
  sessions: boolean,
  events: boolean,
  webhooks: boolean,
): string[] {
  const problems =
    sessions && config.NODE_ENV === 'production' && !config.AUTH_SECRET
      ? ['  AUTH_SECRET: required when NODE_ENV=production']
      : [];
  if (events && config.PERSONAL_DATA_KMS === 'pkcs11')
    for (const name of ['PKCS11_LIBRARY', 'PKCS11_TOKEN_LABEL', 'PKCS11_PIN'] as const)
      if (!config[name]) problems.push(`  ${name}: required when PERSONAL_DATA_KMS=pkcs11`);
  if (
    events &&
    config.NODE_ENV === 'production' &&
    config.PERSONAL_DATA_KMS === 'local' &&
    !config.PERSONAL_DATA_KEY
  )
    problems.push(
      '  PERSONAL_DATA_KEY: required when NODE_ENV=production (or PERSONAL_DATA_KMS=pkcs11)',
    );
  if (webhooks && config.NODE_ENV === 'production' && !config.WEBHOOK_SIGNING_KEY)
    problems.push('  WEBHOOK_SIGNING_KEY: required when NODE_ENV=production');
  if (config.NODE_ENV === 'production' && config.WEBHOOKS_ALLOW_LOCAL)
    problems.push('  WEBHOOKS_ALLOW_LOCAL: must be false when NODE_ENV=production (0070)');
  // One without the other would leave the help desk's route answering 404 with no word why.
  if (!config.HELPDESK_NAME !== !config.HELPDESK_SECRET)
    problems.push(
      `  ${config.HELPDESK_NAME ? 'HELPDESK_SECRET' : 'HELPDESK_NAME'}: required with ${config.HELPDESK_NAME ? 'HELPDESK_NAME' : 'HELPDESK_SECRET'} (0074)`,
    );
  if (config.BLOB_STORE === 's3')
    for (const name of s3Settings)
      if (!config[name]) problems.push(`  ${name}: required when BLOB_STORE=s3 (0103)`);
  if (
    config.BLOB_STORE === 's3' &&
    config.NODE_ENV === 'production' &&
    config.S3_ENDPOINT?.startsWith('http:') &&
    !['localhost', '127.0.0.1', '[::1]'].includes(new URL(config.S3_ENDPOINT).hostname)
  )
    problems.push(
      '  S3_ENDPOINT: must be https when NODE_ENV=production (plain http only on this machine)',
    );
  if (config.GEOCODER !== 'gazetteer' && !config.GEOCODER_URL)
    problems.push(`  GEOCODER_URL: required when GEOCODER=${config.GEOCODER}`);
  if (!sessions) return problems;
  const delivery = resolveDelivery(config);
  return 'problems' in delivery ? [...problems, ...delivery.problems] : problems;
}

/**
 * The configuration of the environment, or an error naming every bad or missing variable.
 * `sessions: false` for a process that neither logs people in nor sends them messages (the
 * command, query, projector and relay services): it needs no AUTH_SECRET or delivery settings.
 * `events: false` for a process that reads and writes no events (the gateway of the production
 * topology): it is not given the personal data key. `webhooks`: a process that signs webhook
 * deliveries or shows their secrets (the command and query services; default: `events`) needs
 * the signing key in production, or the secret shown would not be the one signing.
 */
export function loadConfig(
  env: Record<string, string | undefined> = process.env,
  options: { sessions?: boolean; events?: boolean; webhooks?: boolean } = {},
): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const config: Config = {
    ...parsed.data,
    HOST: parsed.data.HOST ?? defaultHost(parsed.data.NODE_ENV),
  };
  const events = options.events ?? true;
  const missing = startNeeds(config, options.sessions ?? true, events, options.webhooks ?? events);
  if (missing.length > 0) throw new Error(`Invalid configuration:\n${missing.join('\n')}`);
  return config;
}

/** The key webhook secrets are derived from (docs/decisions/0070-webhooks.md). */
export const webhookSigningKey = (config: Config): string =>
  config.WEBHOOK_SIGNING_KEY ?? 'development-only-webhook-signing-key-not-secret';
