import { describe, expect, it, jest } from '@jest/globals';
import type { Knex } from 'knex';
import { register as globalRegistry } from 'prom-client';
import { fromPrivateNetwork, isPrivateAddress } from '../http/health.js';
import { silentLogger } from '../logger.js';
import { MeteredMessagePort } from '../messages/metered.js';
import { DeliveryError, type OutgoingMessage } from '../messages/types.js';
import { createMetrics } from './index.js';

/** The value of one series in Prometheus text, or undefined when it is absent. */
function sample(
  text: string,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  for (const line of text.split('\n')) {
    if (line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m || m[1] !== name) continue;
    const found = Object.fromEntries(
      [...(m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((l) => [l[1], l[2]]),
    );
    if (Object.entries(labels).every(([k, v]) => found[k] === v)) return Number(m[3]);
  }
  return undefined;
}

const quiet = { defaultMetrics: false } as const;

describe('metrics registry', () => {
  it('owns a registry of its own with the service label; two in one process do not collide', async () => {
    const a = createMetrics({ service: 'command', ...quiet });
    const b = createMetrics({ service: 'gateway', ...quiet });
    expect(a.registry).not.toBe(globalRegistry);
    expect(globalRegistry.getSingleMetric('nordlog_commands_total')).toBeUndefined();
    a.observeCommand('CREATE_CUSTOMER', 'ok', 0.012);
    const textA = await a.text();
    const textB = await b.text();
    expect(
      sample(textA, 'nordlog_commands_total', {
        service: 'command',
        command: 'CREATE_CUSTOMER',
        outcome: 'ok',
      }),
    ).toBe(1);
    expect(sample(textB, 'nordlog_commands_total', { command: 'CREATE_CUSTOMER' })).toBeUndefined();
    expect(a.contentType).toBe('text/plain; version=0.0.4; charset=utf-8');
  });

  it('collects the process metrics of Node unless told not to', async () => {
    const text = await createMetrics({ service: 'x' }).text();
    expect(text).toContain('# TYPE process_cpu_user_seconds_total counter');
    expect(sample(text, 'nodejs_heap_size_used_bytes', { service: 'x' })).toBeGreaterThan(0);
    expect(await createMetrics({ service: 'y', ...quiet }).text()).not.toContain('process_cpu');
  });

  it('counts commands by outcome and times them in a histogram', async () => {
    const m = createMetrics({ service: 'command', ...quiet });
    m.observeCommand('CREATE_ORDER', 'ok', 0.004);
    m.observeCommand('CREATE_ORDER', 'ok', 0.03);
    m.observeCommand('CREATE_ORDER', 'VALIDATION_ERROR', 0.001);
    const text = await m.text();
    expect(text).toContain('# TYPE nordlog_commands_total counter');
    expect(text).toContain('# TYPE nordlog_command_duration_seconds histogram');
    const commands = (outcome: string) =>
      sample(text, 'nordlog_commands_total', { command: 'CREATE_ORDER', outcome });
    expect([commands('ok'), commands('VALIDATION_ERROR')]).toEqual([2, 1]);
    const bucket = (le: string) =>
      sample(text, 'nordlog_command_duration_seconds_bucket', { command: 'CREATE_ORDER', le });
    expect([bucket('0.0025'), bucket('0.005'), bucket('0.05'), bucket('+Inf')]).toEqual([
      1, 2, 3, 3,
    ]);
    expect(
      sample(text, 'nordlog_command_duration_seconds_count', { command: 'CREATE_ORDER' }),
    ).toBe(3);
    expect(
      sample(text, 'nordlog_command_duration_seconds_sum', { command: 'CREATE_ORDER' }),
    ).toBeCloseTo(0.035, 6);
  });

  it('reads open sockets from their sources at each scrape and counts frames sent', async () => {
    const m = createMetrics({ service: 'gateway', ...quiet });
    expect(sample(await m.text(), 'nordlog_sockets_open')).toBe(0);
    let open = 3;
    const stop = m.trackSockets(() => open);
    m.trackSockets(() => 2);
    expect(sample(await m.text(), 'nordlog_sockets_open')).toBe(5);
    open = 1;
    expect(sample(await m.text(), 'nordlog_sockets_open')).toBe(3);
    stop();
    expect(sample(await m.text(), 'nordlog_sockets_open')).toBe(2);
    m.countSocketMessages(40);
    m.countSocketMessages();
    expect(sample(await m.text(), 'nordlog_socket_messages_sent_total')).toBe(41);
  });

  it('takes the relay lag by source, never below 0, and shows none before the relay sets it', async () => {
    const m = createMetrics({ service: 'relay', ...quiet });
    expect(sample(await m.text(), 'nordlog_relay_lag_seconds')).toBeUndefined();
    m.setRelayLag(1.5);
    m.setRelayLag(-0.2, 'events');
    const text = await m.text();
    expect(sample(text, 'nordlog_relay_lag_seconds', { source: 'changes' })).toBe(1.5);
    expect(sample(text, 'nordlog_relay_lag_seconds', { source: 'events' })).toBe(0);
  });

  it('counts messages by channel and outcome through a metered message port', async () => {
    const m = createMetrics({ service: 'gateway', ...quiet });
    const failures: (Error | null)[] = [
      null,
      new DeliveryError('sms', 'recipient', 'not E.164'),
      new DeliveryError('sms', 'service', 'provider down'),
      new Error('bug'),
      null,
    ];
    const port = new MeteredMessagePort(
      {
        send: async () => {
          const failure = failures.shift();
          if (failure) throw failure;
        },
      },
      m,
    );
    const sms: OutgoingMessage = { channel: 'sms', to: '+4791234567', body: 'Code 123456' };
    const email: OutgoingMessage = { channel: 'email', to: 'a@b.no', subject: 's', body: 'b' };
    await port.send(sms);
    await expect(port.send(sms)).rejects.toMatchObject({ scope: 'recipient' });
    await expect(port.send(sms)).rejects.toMatchObject({ scope: 'service' });
    await expect(port.send(sms)).rejects.toThrow('bug');
    await port.send(email);
    const text = await m.text();
    const sent = (channel: string, outcome: string) =>
      sample(text, 'nordlog_messages_sent_total', { channel, outcome });
    expect([
      sent('sms', 'sent'),
      sent('sms', 'refused'),
      sent('sms', 'failed'),
      sent('sms', 'error'),
      sent('email', 'sent'),
    ]).toEqual([1, 1, 1, 1, 1]);
  });

  it("passes on a port's sendMany (all or none): counted sent when taken, not counted when refused; absent when the port has none", async () => {
    const m = createMetrics({ service: 'command', ...quiet });
    const taken: OutgoingMessage[][] = [];
    let fail = false;
    const port = new MeteredMessagePort(
      {
        send: () => Promise.reject(new Error('one by one')),
        sendMany: (messages) => {
          if (fail) return Promise.reject(new Error('outbox down'));
          taken.push([...messages]);
          return Promise.resolve();
        },
      },
      m,
    );
    const sms: OutgoingMessage = { channel: 'sms', to: '+4791234567', body: 'Pakken kommer' };
    const email: OutgoingMessage = { channel: 'email', to: 'a@b.no', subject: 's', body: 'b' };
    await port.sendMany!([sms, sms, email]);
    fail = true;
    await expect(port.sendMany!([sms])).rejects.toThrow('outbox down');
    expect(taken).toEqual([[sms, sms, email]]);
    const text = await m.text();
    const sent = (channel: string, outcome: string) =>
      sample(text, 'nordlog_messages_sent_total', { channel, outcome });
    expect([sent('sms', 'sent'), sent('email', 'sent'), sent('sms', 'error')]).toEqual([
      2,
      1,
      undefined,
    ]);
    expect(new MeteredMessagePort({ send: () => Promise.resolve() }, m).sendMany).toBeUndefined();
  });
});

describe('database gauges at scrape time', () => {
  /** A knex whose every query fails, or never answers. */
  const fakeKnex = (mode: 'fail' | 'hang') => {
    const query = () => {
      const pending =
        mode === 'fail' ? Promise.reject(new Error('ECONNREFUSED')) : new Promise(() => undefined);
      pending.catch(() => undefined);
      const chain: Record<string, unknown> = {};
      for (const k of ['select', 'whereIn', 'orderBy', 'limit']) chain[k] = () => chain;
      chain.timeout = () => pending;
      return chain;
    };
    return Object.assign(query, { raw: query }) as unknown as Knex;
  };

  it('a failed read never fails the scrape: it sets nothing, counts the error and logs at debug', async () => {
    const logger = silentLogger();
    const debug = jest.spyOn(logger, 'debug');
    const m = createMetrics({ service: 'projector', ...quiet, logger });
    m.projectionLagSeconds.set({ projection: 'orders' }, 4);
    m.watchDatabase(fakeKnex('fail'), { reuseMs: 0 });
    const text = await m.text();
    expect(sample(text, 'nordlog_projection_lag_seconds', { projection: 'orders' })).toBe(4);
    expect(sample(text, 'nordlog_outbox_backlog')).toBeUndefined();
    expect(sample(text, 'nordlog_metrics_read_errors_total', { source: 'projection_lag' })).toBe(1);
    expect(sample(text, 'nordlog_metrics_read_errors_total', { source: 'outbox_backlog' })).toBe(1);
    expect(debug).toHaveBeenCalledWith(
      expect.objectContaining({ source: 'projection_lag' }),
      'metrics: database read failed',
    );
  });

  it('a database that does not answer costs the scrape its time-out, not more', async () => {
    const m = createMetrics({ service: 'projector', ...quiet });
    m.watchDatabase(fakeKnex('hang'), { timeoutMs: 50, reuseMs: 0 });
    const began = Date.now();
    const text = await m.text();
    expect(Date.now() - began).toBeLessThan(1000);
    expect(sample(text, 'nordlog_metrics_read_errors_total', { source: 'projection_lag' })).toBe(1);
  });

  it('stops reading the database when told', async () => {
    const m = createMetrics({ service: 'projector', ...quiet });
    const stop = m.watchDatabase(fakeKnex('fail'), { reuseMs: 0 });
    stop();
    const text = await m.text();
    expect(sample(text, 'nordlog_metrics_read_errors_total', { source: 'projection_lag' })).toBe(
      undefined,
    );
  });
});

describe('who may read /metrics by default', () => {
  const req = (remoteAddress: string, headers: Record<string, string> = {}, ip = remoteAddress) =>
    ({ socket: { remoteAddress }, ip, headers }) as unknown as Parameters<
      typeof fromPrivateNetwork
    >[0];

  it('knows loopback and private addresses, IPv4-mapped too', () => {
    for (const a of [
      '127.0.0.1',
      '10.1.2.3',
      '172.16.0.1',
      '172.31.255.254',
      '192.168.1.20',
      '::1',
      'fd12:3456::1',
      '::ffff:10.0.0.7',
      '::ffff:127.0.0.1',
    ])
      expect([a, isPrivateAddress(a)]).toEqual([a, true]);
    for (const a of [
      '8.8.8.8',
      '172.32.0.1',
      '192.169.0.1',
      '100.64.0.1',
      '2001:db8::1',
      '::ffff:8.8.8.8',
      'fe80::1%eth0',
      '',
      'localhost',
    ])
      expect([a, isPrivateAddress(a)]).toEqual([a, false]);
  });

  it('lets a direct private caller in; refuses a public one and anything forwarded by a proxy', () => {
    expect(fromPrivateNetwork(req('10.0.0.5'))).toBe(true);
    expect(fromPrivateNetwork(req('203.0.113.9'))).toBe(false);
    expect(fromPrivateNetwork(req('10.0.0.5', { 'x-forwarded-for': '203.0.113.9' }))).toBe(false);
    expect(fromPrivateNetwork(req('127.0.0.1', { forwarded: 'for=203.0.113.9' }))).toBe(false);
    expect(fromPrivateNetwork(req('10.0.0.5', { 'x-real-ip': '10.0.0.6' }))).toBe(false);
    expect(fromPrivateNetwork(req('127.0.0.1', {}, '203.0.113.9'))).toBe(false);
  });
});
