import { describe, expect, it } from '@jest/globals';
import { loadConfig, messageDelivery, s3SettingsOf } from './config.js';

const live = {
  MESSAGE_DELIVERY: 'live',
  PUBLIC_URL: 'https://nordlog.example/',
  SMTP_URL: 'smtp://mailer:secret@smtp.example:587',
  MAIL_FROM: 'Nordlog <no-reply@nordlog.example>',
  SMS_PROVIDER_URL: 'https://n-eu.linkmobility.io',
  SMS_PROVIDER_USER: 'nordlog',
  SMS_PROVIDER_PASSWORD: 'sms-secret',
  SMS_PLATFORM_ID: 'COMMON_API',
  SMS_PLATFORM_PARTNER_ID: '4711',
  // Webhook secrets' key (docs/decisions/0070); required in production, tested below.
  WEBHOOK_SIGNING_KEY: 'w'.repeat(40),
};

const problems = (env: Record<string, string>) => {
  try {
    loadConfig(env);
    return '';
  } catch (err) {
    return (err as Error).message;
  }
};

describe('webhook settings (docs/decisions/0070-webhooks.md)', () => {
  const prod = { NODE_ENV: 'production', ...live, AUTH_SECRET: 'x'.repeat(40) };
  const key = Buffer.alloc(32, 7).toString('base64');

  it('needs a signing key in production, and never lets local receivers through there', () => {
    const { WEBHOOK_SIGNING_KEY: _unused, ...noKey } = prod;
    expect(problems({ ...noKey, PERSONAL_DATA_KEY: key })).toBe(
      'Invalid configuration:\n  WEBHOOK_SIGNING_KEY: required when NODE_ENV=production',
    );
    expect(problems({ ...prod, PERSONAL_DATA_KEY: key, WEBHOOKS_ALLOW_LOCAL: 'true' })).toBe(
      'Invalid configuration:\n  WEBHOOKS_ALLOW_LOCAL: must be false when NODE_ENV=production (0070)',
    );
    expect(problems({ WEBHOOK_SIGNING_KEY: 'short' })).toContain(
      'WEBHOOK_SIGNING_KEY needs at least 32 characters',
    );
    expect(loadConfig({ WEBHOOKS_ALLOW_LOCAL: 'true' }).WEBHOOKS_ALLOW_LOCAL).toBe(true);
    expect(loadConfig({}).WEBHOOKS_ALLOW_LOCAL).toBe(false);
  });
});

describe('message delivery configuration, validated at start', () => {
  it('keeps the outbox by default outside production', () => {
    expect(messageDelivery(loadConfig({}))).toEqual({ mode: 'outbox' });
    expect(messageDelivery(loadConfig({ NODE_ENV: 'test' }))).toEqual({ mode: 'outbox' });
  });

  it('production defaults to live delivery and fails at start naming every missing setting', () => {
    const message = problems({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40) });
    expect(message).toContain('Invalid configuration');
    for (const name of [
      'PUBLIC_URL',
      'SMTP_URL',
      'MAIL_FROM',
      'SMS_PROVIDER_URL',
      'SMS_PROVIDER_USER',
      'SMS_PROVIDER_PASSWORD',
      'SMS_PLATFORM_ID',
      'SMS_PLATFORM_PARTNER_ID',
    ])
      expect(message).toContain(`${name}: required when MESSAGE_DELIVERY=live`);
    expect(problems({ NODE_ENV: 'production', ...live })).toBe(
      'Invalid configuration:\n  AUTH_SECRET: required when NODE_ENV=production\n  PERSONAL_DATA_KEY: required when NODE_ENV=production (or PERSONAL_DATA_KMS=pkcs11)',
    );
  });

  it('the personal data master key (docs/decisions/0050): 32 bytes in base64, required in production only', () => {
    const key = Buffer.alloc(32, 7).toString('base64');
    expect(loadConfig({ PERSONAL_DATA_KEY: key }).PERSONAL_DATA_KEY).toBe(key);
    expect(loadConfig({}).PERSONAL_DATA_KEY).toBeUndefined();
    expect(problems({ PERSONAL_DATA_KEY: Buffer.alloc(16).toString('base64') })).toContain(
      'PERSONAL_DATA_KEY must be 32 bytes in base64',
    );
    expect(problems({ NODE_ENV: 'production', ...live, AUTH_SECRET: 'x'.repeat(40) })).toBe(
      'Invalid configuration:\n  PERSONAL_DATA_KEY: required when NODE_ENV=production (or PERSONAL_DATA_KMS=pkcs11)',
    );
    // An HSM holds the master keys instead: its library, token and PIN are needed.
    const hsm = {
      NODE_ENV: 'production',
      ...live,
      AUTH_SECRET: 'x'.repeat(40),
      PERSONAL_DATA_KMS: 'pkcs11',
    };
    expect(problems(hsm)).toBe(
      'Invalid configuration:\n  PKCS11_LIBRARY: required when PERSONAL_DATA_KMS=pkcs11\n  PKCS11_TOKEN_LABEL: required when PERSONAL_DATA_KMS=pkcs11\n  PKCS11_PIN: required when PERSONAL_DATA_KMS=pkcs11',
    );
    const settings = {
      PKCS11_LIBRARY: '/usr/lib/softhsm/libsofthsm2.so',
      PKCS11_TOKEN_LABEL: 'nordlog',
      PKCS11_PIN: '1234',
    };
    expect(loadConfig({ ...hsm, ...settings }).PKCS11_KEY_LABEL).toBe('nordlog-personal-data');
    expect(problems({ PERSONAL_DATA_KMS: 'vault' })).toContain('PERSONAL_DATA_KMS');
  });

  it('refuses the outbox in production: nobody could log in', () => {
    expect(
      problems({ NODE_ENV: 'production', AUTH_SECRET: 'x'.repeat(40), MESSAGE_DELIVERY: 'outbox' }),
    ).toContain('MESSAGE_DELIVERY: must be live when NODE_ENV=production');
  });

  it('gives the live settings to the composition root', () => {
    expect(messageDelivery(loadConfig({ ...live, SMS_SENDER: '2333' }))).toEqual({
      mode: 'live',
      publicUrl: 'https://nordlog.example',
      smtp: {
        url: 'smtp://mailer:secret@smtp.example:587',
        from: 'Nordlog <no-reply@nordlog.example>',
      },
      sms: {
        url: 'https://n-eu.linkmobility.io',
        user: 'nordlog',
        password: 'sms-secret',
        platformId: 'COMMON_API',
        platformPartnerId: '4711',
        sender: '2333',
      },
    });
  });

  it('refuses bad values with the variable named; an empty value counts as not set', () => {
    expect(problems({ ...live, SMTP_URL: 'http://smtp.example' })).toContain('SMTP_URL');
    expect(problems({ ...live, SMS_PROVIDER_URL: 'http://sms.example' })).toContain(
      'SMS_PROVIDER_URL: must be https',
    );
    expect(problems({ ...live, SMS_PROVIDER_URL: 'http://127.0.0.1:9000' })).toBe('');
    expect(problems({ ...live, SMS_SENDER: 'Far too long a sender' })).toContain('SMS_SENDER');
    expect(problems({ ...live, MAIL_FROM: 'nordlog' })).toContain('MAIL_FROM');
    expect(problems({ ...live, SMTP_URL: '' })).toContain(
      'SMTP_URL: required when MESSAGE_DELIVERY=live',
    );
    expect(problems({ MESSAGE_DELIVERY: 'pigeon' })).toContain('MESSAGE_DELIVERY');
  });
});

describe('where the gateway listens', () => {
  it('development listens on loopback unless HOST says otherwise; other modes on every interface', () => {
    expect(loadConfig({ NODE_ENV: 'development' }).HOST).toBe('127.0.0.1');
    expect(loadConfig({}).HOST).toBe('127.0.0.1');
    expect(loadConfig({ NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'test' }).HOST).toBe('0.0.0.0');
    expect(loadConfig({ NODE_ENV: 'test', HOST: '' }).HOST).toBe('0.0.0.0');
  });
});

describe('log format', () => {
  it('LOG_FORMAT is json or pretty, or left to the terminal (empty counts as not set); anything else stops the start', () => {
    expect(loadConfig({}).LOG_FORMAT).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: '' }).LOG_FORMAT).toBeUndefined();
    expect(loadConfig({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(loadConfig({ LOG_FORMAT: 'pretty' }).LOG_FORMAT).toBe('pretty');
    expect(problems({ LOG_FORMAT: 'yaml' })).toContain('LOG_FORMAT');
  });
});

describe('what a relay process publishes', () => {
  it('RELAY_SOURCES is events, changes or both (unset or empty: both); anything else stops the start', () => {
    expect(loadConfig({}).RELAY_SOURCES).toBeUndefined();
    expect(loadConfig({ RELAY_SOURCES: '' }).RELAY_SOURCES).toBeUndefined();
    expect(loadConfig({ RELAY_SOURCES: 'events' }).RELAY_SOURCES).toEqual(['events']);
    expect(loadConfig({ RELAY_SOURCES: 'events, changes' }).RELAY_SOURCES).toEqual([
      'events',
      'changes',
    ]);
    expect(problems({ RELAY_SOURCES: 'orders' })).toContain('RELAY_SOURCES');
    expect(problems({ RELAY_SOURCES: 'events,' })).toContain('RELAY_SOURCES');
  });
});

describe('how long a gateway waits for changes on Kafka', () => {
  it('KAFKA_FETCH_MAX_WAIT_MS is the mock broker’s bound by default, a whole number of ms from 10 to 10,000 when set', () => {
    expect(loadConfig({}).KAFKA_FETCH_MAX_WAIT_MS).toBe(50);
    expect(loadConfig({ KAFKA_FETCH_MAX_WAIT_MS: '500' }).KAFKA_FETCH_MAX_WAIT_MS).toBe(500);
    for (const bad of ['9', '10001', '1.5', 'soon'])
      expect(problems({ KAFKA_FETCH_MAX_WAIT_MS: bad })).toContain('KAFKA_FETCH_MAX_WAIT_MS');
  });
});

describe('geocoder configuration (docs/decisions/0034-geodata.md), validated at start', () => {
  it('the registers and the OSM service are http(s) URLs, unset by default; an OSM geocoder needs its URL', () => {
    const config = loadConfig({});
    expect(config.GEOCODER).toBe('gazetteer');
    expect(config.GEOCODER_KARTVERKET_URL).toBeUndefined();
    expect(config.GEOCODER_DAWA_URL).toBeUndefined();
    expect(
      loadConfig({
        GEOCODER_KARTVERKET_URL: 'https://ws.geonorge.no/adresser/v1',
        GEOCODER_DAWA_URL: '',
      }),
    ).toMatchObject({ GEOCODER_KARTVERKET_URL: 'https://ws.geonorge.no/adresser/v1' });
    for (const name of ['GEOCODER_KARTVERKET_URL', 'GEOCODER_DAWA_URL', 'GEOCODER_URL'])
      expect(problems({ [name]: 'ftp://example' })).toContain(name);
    expect(problems({ GEOCODER: 'photon' })).toContain('GEOCODER_URL');
    expect(problems({ GEOCODER: 'kartverket' })).toContain('GEOCODER');
  });
});

describe('the folded stream states the command service keeps (docs/decisions/0064, addendum)', () => {
  it('COMMAND_STATES_KEPT defaults to 50,000 (the issue 42 day of 8,400 streams fits); a count under 100 stops the start', () => {
    expect(loadConfig({}).COMMAND_STATES_KEPT).toBe(50_000);
    expect(loadConfig({ COMMAND_STATES_KEPT: '8000' }).COMMAND_STATES_KEPT).toBe(8_000);
    expect(problems({ COMMAND_STATES_KEPT: '10' })).toContain('COMMAND_STATES_KEPT');
    expect(problems({ COMMAND_STATES_KEPT: 'many' })).toContain('COMMAND_STATES_KEPT');
  });
});

describe('the help desk’s sign-in links (docs/decisions/0074-customer-portal.md)', () => {
  it('HELPDESK_NAME and HELPDESK_SECRET are set together or not at all; one alone stops the start naming the other', () => {
    const secret = 's'.repeat(40);
    expect(loadConfig({}).HELPDESK_NAME).toBeUndefined();
    expect(loadConfig({ HELPDESK_NAME: 'zendesk', HELPDESK_SECRET: secret })).toMatchObject({
      HELPDESK_NAME: 'zendesk',
      HELPDESK_SECRET: secret,
    });
    expect(problems({ HELPDESK_NAME: 'zendesk' })).toBe(
      'Invalid configuration:\n  HELPDESK_SECRET: required with HELPDESK_NAME (0074)',
    );
    expect(problems({ HELPDESK_SECRET: secret })).toBe(
      'Invalid configuration:\n  HELPDESK_NAME: required with HELPDESK_SECRET (0074)',
    );
    expect(problems({ HELPDESK_NAME: 'Zen Desk', HELPDESK_SECRET: secret })).toContain(
      'HELPDESK_NAME is a lower-case path segment',
    );
    expect(problems({ HELPDESK_NAME: 'zendesk', HELPDESK_SECRET: 'short' })).toContain(
      'HELPDESK_SECRET needs at least 32 characters',
    );
  });
});

describe('the report pages’ settings (docs/decisions/0084-report-pages.md)', () => {
  it('an external dashboard is an https URL, never plain http; unset or empty is none', () => {
    const url = 'https://grafana.example.com/d/x?kiosk';
    expect(loadConfig({ MONITORING_DASHBOARD_URL: url }).MONITORING_DASHBOARD_URL).toBe(url);
    expect(loadConfig({ ANALYTICS_DASHBOARD_URL: '' }).ANALYTICS_DASHBOARD_URL).toBeUndefined();
    expect(problems({ MONITORING_DASHBOARD_URL: 'http://grafana.example.com/' })).toContain(
      'MONITORING_DASHBOARD_URL',
    );
    expect(problems({ ANALYTICS_DASHBOARD_URL: 'javascript:alert(1)' })).toContain(
      'ANALYTICS_DASHBOARD_URL',
    );
  });

  it('MONITORING_TARGETS: comma-separated name=base URL, the URL without its trailing slash', () => {
    expect(
      loadConfig({ MONITORING_TARGETS: 'command=http://command:8080/, relay=http://relay:8080' })
        .MONITORING_TARGETS,
    ).toEqual([
      { name: 'command', url: 'http://command:8080' },
      { name: 'relay', url: 'http://relay:8080' },
    ]);
    for (const bad of ['command', 'command=ftp://x', '=http://x:1', 'a=http://x:1,b'])
      expect([bad, problems({ MONITORING_TARGETS: bad })]).toEqual([
        bad,
        expect.stringContaining('MONITORING_TARGETS'),
      ]);
  });
});

describe('the sweep of unreferenced proof images (docs/decisions/0095-proof-image-sweep.md)', () => {
  it('PROOF_SWEEP_GRACE_SECONDS defaults to an hour, 60 s to 30 days; anything else stops the start', () => {
    expect(loadConfig({}).PROOF_SWEEP_GRACE_SECONDS).toBe(3_600);
    expect(loadConfig({}).PROOF_SWEEP_INTERVAL_SECONDS).toBe(3_600);
    expect(loadConfig({ PROOF_SWEEP_GRACE_SECONDS: '600' }).PROOF_SWEEP_GRACE_SECONDS).toBe(600);
    for (const bad of ['0', '59', '2592001', '1.5', 'soon'])
      expect(problems({ PROOF_SWEEP_GRACE_SECONDS: bad })).toContain('PROOF_SWEEP_GRACE_SECONDS');
    expect(problems({ PROOF_SWEEP_INTERVAL_SECONDS: '-1' })).toContain(
      'PROOF_SWEEP_INTERVAL_SECONDS',
    );
  });
});

describe('the blob store of proof images (docs/decisions/0103-s3-blob-store.md)', () => {
  const s3 = {
    BLOB_STORE: 's3',
    S3_ENDPOINT: 'http://127.0.0.1:9000',
    S3_REGION: 'eu-north-1',
    S3_BUCKET: 'nordlog-proofs',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret',
  };
  it('defaults to the database; BLOB_STORE=s3 with every setting gives the store its settings', () => {
    expect(loadConfig({}).BLOB_STORE).toBe('postgres');
    expect(s3SettingsOf(loadConfig({}))).toBeNull();
    expect(s3SettingsOf(loadConfig({ ...s3, S3_FORCE_PATH_STYLE: 'true' }))).toEqual({
      endpoint: 'http://127.0.0.1:9000',
      region: 'eu-north-1',
      bucket: 'nordlog-proofs',
      accessKeyId: 'key-id',
      secretAccessKey: 'secret',
      forcePathStyle: true,
    });
    // No endpoint: AWS S3 of the region.
    const { S3_ENDPOINT: _, ...aws } = s3;
    expect(s3SettingsOf(loadConfig(aws))?.endpoint).toBeUndefined();
  });
  it('refuses an incomplete or bad S3 setting at start, naming each variable', () => {
    for (const name of ['S3_REGION', 'S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'])
      expect(problems({ ...s3, [name]: '' })).toContain(`${name}: required when BLOB_STORE=s3`);
    expect(problems({ BLOB_STORE: 's3' }).match(/required when BLOB_STORE=s3/g)).toHaveLength(4);
    expect(problems({ BLOB_STORE: 'minio' })).toContain('BLOB_STORE');
    expect(problems({ ...s3, S3_ENDPOINT: 'ftp://x' })).toContain('S3_ENDPOINT');
    expect(problems({ ...s3, S3_BUCKET: 'Bad_Bucket' })).toContain('S3_BUCKET');
    const production = { ...s3, NODE_ENV: 'production' };
    expect(problems({ ...production, S3_ENDPOINT: 'http://minio:9000' })).toContain(
      'S3_ENDPOINT: must be https',
    );
    expect(problems({ ...production, S3_ENDPOINT: 'https://minio:9000' })).not.toContain(
      'S3_ENDPOINT',
    );
    // The settings alone, without BLOB_STORE=s3, change nothing.
    expect(loadConfig({ S3_BUCKET: 'nordlog-proofs' }).BLOB_STORE).toBe('postgres');
  });
});
