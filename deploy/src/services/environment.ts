/**
 * The services of the production topology (docs/decisions/0025-topology.md), each a process of
 * its own started with `node deploy/dist/services/{name}.js`, and the environment variables each
 * reads. `required`: the service refuses to start without it (in production); `optional`: read
 * when set. deploy/compose and deploy/k8s set every required variable of every service, and a
 * test checks that they do (tests/src/deploy).
 */
export const serviceNames = ['command', 'query', 'projector', 'gateway', 'relay'] as const;
export type ServiceName = (typeof serviceNames)[number];

/** Read by every service. */
const common = {
  required: ['NODE_ENV', 'DATABASE_URL', 'PORT'],
  optional: ['HOST', 'LOG_LEVEL', 'LOG_FORMAT', 'DATABASE_POOL_SIZE', 'EVENTSTORE_URL'],
} as const;

/** Where proof images are kept (docs/decisions/0103): the command and query services. */
const blobSettings = [
  'BLOB_STORE',
  'S3_ENDPOINT',
  'S3_REGION',
  'S3_BUCKET',
  'S3_ACCESS_KEY_ID',
  'S3_SECRET_ACCESS_KEY',
  'S3_FORCE_PATH_STYLE',
] as const;

/** Message delivery (docs/decisions/0012): the gateway's login codes, the command service's pre-advice. */
const messageSettings = [
  'MESSAGE_DELIVERY',
  'SMTP_URL',
  'SMTP_CA_FILE',
  'MAIL_FROM',
  'SMS_PROVIDER_URL',
  'SMS_PROVIDER_USER',
  'SMS_PROVIDER_PASSWORD',
  'SMS_PLATFORM_ID',
  'SMS_PLATFORM_PARTNER_ID',
  'SMS_SENDER',
] as const;

export const serviceEnvironment: Record<
  ServiceName,
  { required: readonly string[]; optional: readonly string[] }
> = {
  command: {
    required: [...common.required, 'INTERNAL_SECRET', 'PERSONAL_DATA_KEY', 'WEBHOOK_SIGNING_KEY'],
    optional: [
      ...common.optional,
      'GEOCODER',
      'GEOCODER_URL',
      'GEOCODER_USER_AGENT',
      'GEOCODER_KARTVERKET_URL',
      'GEOCODER_DAWA_URL',
      // Optimising runs are carried beside the command service (docs/decisions/0026).
      'OPTIMIZER_WORKERS',
      'OPTIMIZER_TYPE',
      'OSRM_URL',
      'VALHALLA_URL',
      'GRAPHHOPPER_URL',
      'GRAPHHOPPER_KEY',
      'OPTIMIZER_FEATURES',
      // Recurring orders book themselves (docs/decisions/0058).
      'RECURRING_INTERVAL_SECONDS',
      // The sweep of unreferenced proof images (docs/decisions/0095).
      'PROOF_SWEEP_GRACE_SECONDS',
      'PROOF_SWEEP_INTERVAL_SECONDS',
      ...blobSettings,
      // The bucket's deletes are done here (0103).
      'BLOB_DELETE_INTERVAL_SECONDS',
      // Pre-advice is decided and sent beside the command service (docs/decisions/0062), through
      // message delivery of its own (without complete settings it sends none, and says so).
      'PRE_ADVICE_INTERVAL_SECONDS',
      'PRE_ADVICE_ENABLED',
      'PUBLIC_URL',
      ...messageSettings,
      // Webhooks are sent beside the command service (docs/decisions/0070).
      'WEBHOOK_INTERVAL_SECONDS',
      'WEBHOOK_TIMEOUT_SECONDS',
      // Folded stream states kept in memory (docs/decisions/0043, 0064 addendum).
      'COMMAND_STATES_KEPT',
    ],
  },
  query: {
    // The signing key: the query service shows a hook's secret, derived from it (0070).
    required: [...common.required, 'INTERNAL_SECRET', 'WEBHOOK_SIGNING_KEY'],
    optional: [
      ...common.optional,
      'GEOCODER',
      'GEOCODER_URL',
      'GEOCODER_USER_AGENT',
      'GEOCODER_KARTVERKET_URL',
      'GEOCODER_DAWA_URL',
      // Invoice documents (docs/decisions/0032): the seller printed on them, the PDF printer.
      'INVOICE_SELLER_NAME',
      'INVOICE_SELLER_ORG_NUMBER',
      'INVOICE_SELLER_ADDRESS',
      'CHROMIUM_PATH',
      // The report pages (docs/decisions/0084): the services whose /metrics the monitoring page
      // reads, and the external dashboards shown instead.
      'MONITORING_TARGETS',
      'MONITORING_DASHBOARD_URL',
      'ANALYTICS_DASHBOARD_URL',
      // Proof images are served from where they are kept (0103).
      ...blobSettings,
    ],
  },
  projector: {
    required: [...common.required, 'PERSONAL_DATA_KEY'],
    optional: [...common.optional, 'READY_MAX_LAG_MS'],
  },
  gateway: {
    required: [
      ...common.required,
      'INTERNAL_SECRET',
      'AUTH_SECRET',
      'COMMAND_SERVICE_URL',
      'QUERY_SERVICE_URL',
      'CHANGE_FEED',
      'PUBLIC_URL',
    ],
    optional: [
      ...common.optional,
      'KAFKA_BROKERS',
      'KAFKA_CLIENT_ID',
      'KAFKA_TOPIC_PREFIX',
      'KAFKA_FETCH_MAX_WAIT_MS',
      'GATEWAY_INSTANCE_ID',
      'UI_DIR',
      'BUILD_ID',
      'AUTH_MAX_REQUESTS_PER_ADDRESS',
      'PUBLIC_MAX_REQUESTS_PER_MINUTE',
      // The integration APIs' limits per key and per address (docs/decisions/0069).
      'API_KEY_MAX_REQUESTS_PER_MINUTE',
      'API_KEY_MAX_REQUESTS_PER_CUSTOMER_PER_MINUTE',
      'API_KEY_MAX_FAILURES_PER_MINUTE',
      'CUSTOMER_PORTAL_URL',
      // The help desk's signed sign-in links (docs/decisions/0074).
      'HELPDESK_NAME',
      'HELPDESK_SECRET',
      ...messageSettings,
      'MAP_TILE_URL',
      'MAP_TILE_ATTRIBUTION',
      'GEOCODER',
      'GEOCODER_URL',
      'GEOCODER_USER_AGENT',
      'GEOCODER_KARTVERKET_URL',
      'GEOCODER_DAWA_URL',
      // The external dashboards are framed from the web app: its content security policy (0084).
      'MONITORING_DASHBOARD_URL',
      'ANALYTICS_DASHBOARD_URL',
    ],
  },
  relay: {
    required: [...common.required, 'KAFKA_BROKERS', 'PERSONAL_DATA_KEY'],
    optional: [
      ...common.optional,
      'KAFKA_CLIENT_ID',
      'KAFKA_TOPIC_PREFIX',
      'RELAY_BATCH_SIZE',
      'RELAY_SOURCES',
    ],
  },
};
