import { relaySources } from '@nordlog/contracts';
import { z } from 'zod';
import { CHANGE_FEED_MAX_WAIT_MS } from './kafka/fetchWait.js';

/**
 * The environment the services read, as one zod schema (config.ts `loadConfig` checks it at start
 * and adds the rules across variables). Every variable is documented in `.env.example`.
 */
const bool = z.enum(['true', 'false', '1', '0', '']).transform((v) => v === 'true' || v === '1');
/** An optional setting; an empty value counts as not set. */
const optional = <S extends z.ZodType>(schema: S) =>
  z.preprocess((v) => (v === '' ? undefined : v), schema.optional());

/** An absolute https URL (a page another site serves, shown in a frame: never plain http). */
const httpsUrl = z.url({ protocol: /^https$/, error: 'an https URL' });

const loopback = (url: URL) => ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);

export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  /** 0 picks a free port (tests). */
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  /**
   * The interface the gateway listens on. Default: 127.0.0.1 in development (its impersonation and
   * message pages must not reach the network), 0.0.0.0 otherwise.
   */
  HOST: optional(z.string().min(1)),
  DATA_DIR: z.string().default('./data'),
  /** An existing PostgreSQL server; without it an embedded server runs from DATA_DIR. */
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(2).max(200).default(20),
  /**
   * Folded stream states the command service keeps in memory (docs/decisions/0043, 0064
   * addendum): more than the streams a day's commands come back to (200 routes of 40 orders:
   * 8,400), or every command folds its streams from their first event again.
   */
  COMMAND_STATES_KEPT: z.coerce.number().int().min(100).max(1_000_000).default(50_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** `json` lines, or `pretty` lines for a person; default: `pretty` on a terminal, else `json`. */
  LOG_FORMAT: optional(z.enum(['json', 'pretty'])),
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
  /**
   * The master key of personal data (docs/decisions/0050-personal-data.md): base64 of 32 random
   * bytes (`openssl rand -base64 32`), the same for every service of an installation. Required in
   * production; elsewhere one is made on first start and kept in the database.
   */
  PERSONAL_DATA_KEY: optional(
    z
      .string()
      .refine(
        (v) => Buffer.from(v, 'base64').length === 32,
        'PERSONAL_DATA_KEY must be 32 bytes in base64 (openssl rand -base64 32)',
      ),
  ),
  /**
   * Where the master keys of personal data are: `local` (PERSONAL_DATA_KEY, or the database's own
   * outside production) or `pkcs11`, an HSM through its PKCS#11 library (the PKCS11_* settings;
   * docs/decisions/0050, addendum), where they never leave the HSM.
   */
  PERSONAL_DATA_KMS: z.enum(['local', 'pkcs11']).default('local'),
  /** The HSM vendor's PKCS#11 library, e.g. /usr/lib/softhsm/libsofthsm2.so. */
  PKCS11_LIBRARY: optional(z.string().min(1)),
  /** The label of the token (partition) that holds the keys. */
  PKCS11_TOKEN_LABEL: optional(z.string().min(1)),
  /** The token user's PIN. */
  PKCS11_PIN: optional(z.string().min(1)),
  /** The label of the wrapping key; the pseudonym key is labelled the same with `-pseudonym`. */
  PKCS11_KEY_LABEL: z.string().min(1).default('nordlog-personal-data'),
  AUTH_MAX_REQUESTS_PER_ADDRESS: z.coerce.number().int().min(1).default(20),
  /**
   * Requests a minute per client address to what needs no session (`/openapi/*`: the tracking
   * page's query, the postal-code check; the tracking socket), per gateway process.
   */
  PUBLIC_MAX_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(300),
  /**
   * Requests a minute per customer API key to the integration APIs (external orders, checkout),
   * per gateway process (docs/decisions/0069-api-keys.md).
   */
  API_KEY_MAX_REQUESTS_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  /**
   * Requests a minute of all a customer's API keys together, per gateway process: a customer who
   * keeps its own keys (0085) cannot multiply its limit by making more of them. Default: three
   * times the per-key limit.
   */
  API_KEY_MAX_REQUESTS_PER_CUSTOMER_PER_MINUTE: z.coerce.number().int().min(1).optional(),
  /** Refused API keys a client address may present a minute before it gets 429 (0069). */
  API_KEY_MAX_FAILURES_PER_MINUTE: z.coerce.number().int().min(1).default(30),
  /** The build id answered by `GET /revision`. */
  BUILD_ID: z.string().optional(),
  /** Where customer users are sent (spec §2: the customer portal; its address is configuration). */
  CUSTOMER_PORTAL_URL: z.url().optional(),
  /**
   * The help desk whose signed one-time links sign a customer user in (spec §2
   * `/auth/{third-party help desk}/token`; docs/decisions/0074-customer-portal.md): its name is
   * the path segment, its secret the HMAC key it signs with. Without both the route answers 404.
   */
  HELPDESK_NAME: z
    .string()
    .regex(/^[a-z][a-z0-9-]{1,30}$/, 'HELPDESK_NAME is a lower-case path segment')
    .optional(),
  HELPDESK_SECRET: z.string().min(32, 'HELPDESK_SECRET needs at least 32 characters').optional(),
  /**
   * How login codes and password resets reach people (docs/decisions/0012): `outbox` stores and
   * logs them (the development page lists them); `live` sends e-mail over SMTP and SMS through
   * the provider. Default: `live` when NODE_ENV=production, else `outbox`.
   */
  MESSAGE_DELIVERY: optional(z.enum(['outbox', 'live'])),
  /** The address people open the product at; links in e-mails start with it. */
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/, error: 'an http(s) URL' })),
  /** `smtp://user:pass@host:587` (STARTTLS) or `smtps://user:pass@host:465`. */
  SMTP_URL: optional(
    z.url({
      protocol: /^smtps?$/,
      error: 'an smtp:// or smtps:// URL, e.g. smtp://user:pass@host:587',
    }),
  ),
  /**
   * A PEM file of extra CA certificates to trust for the SMTP server (a relay with a private CA).
   * Certificates are always verified; public CAs need nothing here.
   */
  SMTP_CA_FILE: optional(z.string()),
  /** The From of e-mails, e.g. `Nordlog <no-reply@nordlog.example>`. */
  MAIL_FROM: optional(
    z.string().regex(/^[^@\s<>]+@[^@\s<>]+$|<[^@\s<>]+@[^@\s<>]+>$/, 'an e-mail address'),
  ),
  /** LINK Mobility's base URL for this account, e.g. `https://n-eu.linkmobility.io`. */
  SMS_PROVIDER_URL: optional(
    z
      .url({ protocol: /^https?$/, error: 'an https URL' })
      .refine(
        (v) => v.startsWith('https:') || loopback(new URL(v)),
        'must be https (plain http only on this machine)',
      ),
  ),
  SMS_PROVIDER_USER: optional(z.string()),
  SMS_PROVIDER_PASSWORD: optional(z.string()),
  SMS_PLATFORM_ID: optional(z.string()),
  SMS_PLATFORM_PARTNER_ID: optional(z.string()),
  /**
   * Where addresses are looked up (docs/decisions/0015, 0034): `gazetteer` (default) uses the
   * shipped postal-code tables of NO, SE, DK and FI; `nominatim` and `photon` ask that service at
   * GEOCODER_URL first and fall back to the gazetteer.
   */
  GEOCODER: z.enum(['gazetteer', 'nominatim', 'photon']).default('gazetteer'),
  GEOCODER_URL: optional(z.url({ protocol: /^https?$/, error: 'an http(s) URL' })),
  /**
   * Norway's address register (Kartverket's address search, e.g. https://ws.geonorge.no/adresser/v1),
   * asked first for Norwegian addresses; unset: not asked.
   */
  GEOCODER_KARTVERKET_URL: optional(z.url({ protocol: /^https?$/, error: 'an http(s) URL' })),
  /** Denmark's address web service (DAWA, e.g. https://api.dataforsyningen.dk), first for DK. */
  GEOCODER_DAWA_URL: optional(z.url({ protocol: /^https?$/, error: 'an http(s) URL' })),
  /** How the product names itself to the geocoding service (Nominatim's usage policy). */
  GEOCODER_USER_AGENT: z.string().min(3).default('Nordlog/0.1 (logistics booking)'),
  /** Map tiles of the address preview: an open tile service at a {z}/{x}/{y} path (spec §7). */
  MAP_TILE_URL: z
    .string()
    .regex(/\{z\}.*\{x\}.*\{y\}/, 'a URL template with {z}, {x} and {y}')
    .default('https://tile.openstreetmap.org/{z}/{x}/{y}.png'),
  MAP_TILE_ATTRIBUTION: z.string().default('© OpenStreetMap contributors'),
  // ---- Recurring orders (docs/decisions/0058-recurring-orders.md).
  /** How often a command process books the coming days' recurring orders; 0: it does not. */
  RECURRING_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(300),
  // ---- Pre-advice (docs/decisions/0062-pre-advice.md).
  /** How often a command process decides and sends pre-advice; 0: it does not. */
  PRE_ADVICE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(30),
  /** Pre-advice on; off, no trigger fires and planners' attempts end as FEATURE_OFF. */
  PRE_ADVICE_ENABLED: bool.default(true),
  // ---- The sweep of unreferenced proof images (docs/decisions/0095-proof-image-sweep.md).
  /**
   * How old an image no recorded proof refers to must be before the sweep deletes it (seconds,
   * 60 s to 30 days): longer than a RECORD_DELIVERY_PROOF takes between storing and appending.
   */
  PROOF_SWEEP_GRACE_SECONDS: z.coerce.number().int().min(60).max(2_592_000).default(3_600),
  /** How often a command process sweeps; 0: it does not. */
  PROOF_SWEEP_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(86_400).default(3_600),
  // ---- The blob store of proof images (docs/decisions/0068, 0103-s3-blob-store.md).
  /** `postgres` (the product's database, the default) or `s3`, an S3-compatible object store. */
  BLOB_STORE: z.enum(['postgres', 's3']).default('postgres'),
  /** The S3-compatible server's base URL (e.g. http://minio:9000); unset: AWS S3 of S3_REGION. */
  S3_ENDPOINT: optional(z.url({ protocol: /^https?$/, error: 'an http(s) URL' })),
  S3_REGION: optional(z.string().regex(/^[a-z0-9-]{2,40}$/, 'a region name, e.g. eu-north-1')),
  S3_BUCKET: optional(
    z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
        'a bucket name (3-63 lower-case letters, digits, dots and dashes)',
      ),
  ),
  S3_ACCESS_KEY_ID: optional(z.string().min(1)),
  S3_SECRET_ACCESS_KEY: optional(z.string().min(1)),
  /** How often a command process does the bucket's deletes asked by the sweep and erasure; 0: it does not. */
  BLOB_DELETE_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3_600).default(30),
  /** `host/bucket/key` addresses (MinIO and most S3-compatible servers) instead of `bucket.host/key`. */
  S3_FORCE_PATH_STYLE: bool.default(false),
  // ---- Webhooks (docs/decisions/0070-webhooks.md).
  /** How often a command process sends the webhook deliveries due (seconds, 0.1–60); 0: it does not. */
  WEBHOOK_INTERVAL_SECONDS: z.coerce.number().min(0).max(60).default(1),
  /** How long a receiver has to answer a delivery before it counts as failed (and is retried). */
  WEBHOOK_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(60).default(10),
  /**
   * The key hooks' secrets are derived from (≥ 32 characters). Required in production; elsewhere
   * a fixed development key (secrets made with it are not secret).
   */
  WEBHOOK_SIGNING_KEY: optional(
    z.string().min(32, 'WEBHOOK_SIGNING_KEY needs at least 32 characters'),
  ),
  /**
   * Let webhooks go to private, loopback and link-local addresses and over plain http: for
   * development and tests only; refused when NODE_ENV=production.
   */
  WEBHOOKS_ALLOW_LOCAL: bool.default(false),
  // ---- Route optimisation (docs/decisions/0026-optimizing.md).
  /** Worker threads that solve runs at once; default: the cores less one (at least one). */
  OPTIMIZER_WORKERS: optional(z.coerce.number().int().min(1).max(64)),
  /** The optimiser type of spec §4 the installation stands for: which road service it uses. */
  OPTIMIZER_TYPE: z.enum(['PTV', 'PTV_CLOUD', 'GRAPHHOPPER']).default('PTV'),
  /** Road network services for distances and times; none: the great-circle matrix. */
  OSRM_URL: optional(z.url({ protocol: /^https?$/, error: 'an http(s) URL' })),
  VALHALLA_URL: optional(z.url({ protocol: /^https?$/, error: 'an http(s) URL' })),
  GRAPHHOPPER_URL: optional(z.url({ protocol: /^https?$/, error: 'an http(s) URL' })),
  GRAPHHOPPER_KEY: optional(z.string().min(1)),
  /** Market features of the fallback rule, comma-separated (e.g. `graphhopperFallback`). */
  OPTIMIZER_FEATURES: z
    .string()
    .default('')
    .transform((v) =>
      v
        .split(',')
        .map((f) => f.trim())
        .filter(Boolean),
    ),
  // ---- The production topology (docs/decisions/0025-topology.md, deploy/README.md).
  /** Shared by the gateway and the services it calls: signs the caller's identity (≥ 32 chars). */
  INTERNAL_SECRET: optional(z.string().min(32, 'INTERNAL_SECRET needs at least 32 characters')),
  /** The gateway's command and query services, e.g. `http://command:8080` (separate processes). */
  COMMAND_SERVICE_URL: optional(z.url({ protocol: /^https?$/, error: 'an http(s) URL' })),
  QUERY_SERVICE_URL: optional(z.url({ protocol: /^https?$/, error: 'an http(s) URL' })),
  /** Where a gateway takes its change feed from: the PostgreSQL outbox or the Kafka change topics. */
  CHANGE_FEED: z.enum(['postgres', 'kafka']).default('postgres'),
  /** Comma-separated `host:port` of the Kafka bootstrap brokers. */
  KAFKA_BROKERS: optional(
    z
      .string()
      .regex(/^[^,\s:]+:\d+(,[^,\s:]+:\d+)*$/, 'comma-separated host:port, e.g. kafka:9092')
      .transform((v) => v.split(',')),
  ),
  KAFKA_CLIENT_ID: z.string().min(1).default('nordlog'),
  /** Prepended to every topic name (docs/kafka.md). */
  KAFKA_TOPIC_PREFIX: z
    .string()
    .regex(/^[A-Za-z0-9._-]*$/, 'letters, digits, dot, underscore and dash')
    .default('nordlog.'),
  /**
   * The longest a gateway's fetch of the change topics waits for a change (ms). Kafka answers a
   * fetch as soon as a change is there, so a longer wait only means fewer empty fetches; a broker
   * that answers at the end of the wait (librdkafka's mock cluster) makes it the changes' latency
   * (docs/kafka.md). Default: that broker's bound.
   */
  KAFKA_FETCH_MAX_WAIT_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(10_000)
    .default(CHANGE_FEED_MAX_WAIT_MS),
  /** A gateway's own name (its Kafka consumer group); default: the host name. */
  GATEWAY_INSTANCE_ID: optional(z.string().regex(/^[A-Za-z0-9._-]{1,100}$/)),
  /** An EventStoreDB/KurrentDB server as the event store (docs/decisions/0022-eventstoredb.md). */
  EVENTSTORE_URL: optional(z.string().regex(/^(esdb|kurrentdb|kurrent)(\+discover)?:\/\//)),
  /** `/ready` answers 503 while the projections are further behind than this. */
  READY_MAX_LAG_MS: z.coerce.number().int().min(1000).default(30_000),
  /** Events or changes the relay publishes per batch. */
  RELAY_BATCH_SIZE: z.coerce.number().int().min(1).max(10_000).default(500),
  /**
   * What a relay process publishes: `events`, `changes`, or both (the default, comma-separated).
   * One process per source gives each its own core (docs/kafka.md); never two on one source.
   */
  RELAY_SOURCES: optional(
    z
      .string()
      .transform((v) => v.split(',').map((s) => s.trim()))
      .pipe(z.array(z.enum(relaySources)).min(1)),
  ),
  // ---- The report pages /reports/analytics and /reports/monitoring (docs/decisions/0084).
  /**
   * An external dashboard (e.g. Grafana) the monitoring page shows in a frame instead of its own
   * figures, with a link out; https only. Unset: the page shows the product's own metrics.
   */
  MONITORING_DASHBOARD_URL: optional(httpsUrl),
  /** The same for the analytics page; unset: the page shows the reporting read models' figures. */
  ANALYTICS_DASHBOARD_URL: optional(httpsUrl),
  /**
   * The services whose `/metrics` the monitoring page reads, comma-separated `name=base URL`
   * (e.g. `command=http://command:8080,projector=http://projector:8080`), over the internal
   * network. The process answering the query always counts itself; unset: only itself (the
   * embedded default, where everything runs in one process).
   */
  MONITORING_TARGETS: optional(
    z
      .string()
      .transform((v) =>
        v
          .split(',')
          .map((t) => t.trim())
          .filter(Boolean),
      )
      .pipe(
        z
          .array(
            z
              .string()
              .regex(
                /^[a-z][a-z0-9_-]{0,39}=https?:\/\/[^\s,=]+$/,
                'name=http(s) base URL, e.g. command=http://command:8080',
              )
              .refine((t) => URL.canParse(t.slice(t.indexOf('=') + 1)), 'a valid URL after name='),
          )
          .min(1)
          .max(50),
      )
      .transform((list) =>
        list.map((t) => {
          const at = t.indexOf('=');
          return { name: t.slice(0, at), url: t.slice(at + 1).replace(/\/+$/, '') };
        }),
      ),
  ),
  // ---- Invoices (docs/decisions/0032-invoicing.md).
  /** The seller printed at the head of every invoice: the company's name and organisation number. */
  INVOICE_SELLER_NAME: z.string().trim().min(1).max(200).default('Nordlog AS'),
  INVOICE_SELLER_ORG_NUMBER: z.string().trim().max(50).default(''),
  /** The seller's address, its lines apart by `|` (e.g. `Postboks 1 | 0101 Oslo`). */
  INVOICE_SELLER_ADDRESS: z
    .string()
    .max(500)
    .default('')
    .transform((v) =>
      v
        .split('|')
        .map((line) => line.trim())
        .filter(Boolean)
        .join('\n'),
    ),
  /** The Chromium that prints invoice PDFs; default: the first of Debian's and Google's paths. */
  CHROMIUM_PATH: optional(z.string().min(1)),
  /** The SMS sender: 2-11 letters and digits starting with a letter, a short number, or +MSISDN. */
  SMS_SENDER: z
    .string()
    .regex(
      /^([A-Za-z][A-Za-z0-9]{1,10}|\d{1,14}|\+[1-9]\d{6,14})$/,
      '2-11 letters and digits starting with a letter, a short number, or +MSISDN',
    )
    .default('Nordlog'),
});
