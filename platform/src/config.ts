import { z } from 'zod';

/**
 * Configuration, parsed once at start from the environment; a bad value fails fast with a
 * message naming the variable. Every variable is documented in `.env.example`.
 */
const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** 0 picks a free port (tests). */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  /** An existing PostgreSQL server; without it an embedded server runs from DATA_DIR. */
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** Load the demo data (through commands) when the event store is empty. */
  DEMO_DATA: bool.default(true),
  /** Folder of the built web app served at `/`. */
  UI_DIR: z.string().optional(),
  /**
   * Key for the one-time login tokens' HMAC. Required in production; elsewhere a random key per
   * start is used (tokens then do not survive a restart).
   */
  AUTH_SECRET: z.string().min(32, 'AUTH_SECRET needs at least 32 characters').optional(),
  /** Login-token requests allowed per client address in 10 minutes. */
  AUTH_MAX_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /** The build id answered by `GET /revision`. */
  BUILD_ID: z.string().optional(),
});

export type Config = z.infer<typeof configSchema>;

const productionNeeds = (config: Config): string[] =>
  config.NODE_ENV === 'production' && !config.AUTH_SECRET
    ? ['  AUTH_SECRET: required when NODE_ENV=production']
    : [];

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const missing = productionNeeds(parsed.data);
  if (missing.length > 0) throw new Error(`Invalid configuration:\n${missing.join('\n')}`);
  return parsed.data;
}
