import { describe, expect, it } from '@jest/globals';
import { createMetrics } from './index.js';
import { histogramQuantile, parsePrometheusText, parseSampleLine } from './prometheusText.js';
import { MetricsReader, summariseMetrics } from './snapshot.js';

describe('the Prometheus text reader (docs/decisions/0084)', () => {
  it('reads names, labels with escapes, special values and timestamps; skips comments', () => {
    const text = [
      '# HELP x_total a counter',
      '# TYPE x_total counter',
      'x_total 3',
      'y{a="1",b="q\\"uote\\\\ and\\nline"} 2.5 1700000000000',
      'z{le="+Inf",} +Inf',
      'w NaN',
      'v Nan',
      '',
    ].join('\n');
    const samples = parsePrometheusText(text);
    expect(samples).toHaveLength(5);
    expect(samples[0]).toEqual({ name: 'x_total', labels: {}, value: 3 });
    expect(samples[1]).toEqual({
      name: 'y',
      labels: { a: '1', b: 'q"uote\\ and\nline' },
      value: 2.5,
    });
    expect(samples[2]!.value).toBe(Infinity);
    expect(samples[3]!.value).toBeNaN();
    expect(samples[4]!.value).toBeNaN(); // prom-client's spelling
  });

  it('refuses malformed lines, naming the line', () => {
    expect(() => parseSampleLine('x{a=1} 2')).toThrow('bad label');
    expect(() => parseSampleLine('x{a="1" 2')).toThrow();
    expect(() => parseSampleLine('x abc')).toThrow('not a sample value');
    expect(() => parseSampleLine('x 1 2 3')).toThrow('unexpected text');
    expect(() => parsePrometheusText('ok 1\n{} 2')).toThrow('metrics line 2: no metric name');
  });

  it('reads everything prom-client writes, histograms included', async () => {
    const metrics = createMetrics({ service: 'test' });
    metrics.observeCommand('CREATE_ORDER', 'ok', 0.02);
    const samples = parsePrometheusText(await metrics.text());
    expect(
      samples.find(
        (s) => s.name === 'nordlog_commands_total' && s.labels.command === 'CREATE_ORDER',
      ),
    ).toEqual({
      name: 'nordlog_commands_total',
      labels: { command: 'CREATE_ORDER', outcome: 'ok', service: 'test' },
      value: 1,
    });
    expect(samples.some((s) => s.name === 'process_cpu_user_seconds_total')).toBe(true);
  });

  it('histogram quantiles interpolate within the bucket, as histogram_quantile', () => {
    // 10 observations: 4 ≤ 0.1, 8 ≤ 0.2, 10 ≤ 0.4.
    const buckets = new Map([
      [0.1, 4],
      [0.2, 8],
      [0.4, 10],
      [Infinity, 10],
    ]);
    expect(histogramQuantile(0.5, buckets)).toBeCloseTo(0.125); // rank 5: 0.1 + 0.1 × 1/4
    expect(histogramQuantile(0.95, buckets)).toBeCloseTo(0.35); // rank 9.5: 0.2 + 0.2 × 1.5/2
    expect(histogramQuantile(0.2, buckets)).toBeCloseTo(0.05); // first bucket from 0
    expect(
      histogramQuantile(
        0.99,
        new Map([
          [1, 1],
          [Infinity, 10],
        ]),
      ),
    ).toBe(1); // in +Inf
    expect(histogramQuantile(0.5, new Map([[Infinity, 0]]))).toBeNull();
  });

  it('sums commands and sockets over processes; database gauges once; failures apart', async () => {
    const a = createMetrics({ service: 'command', defaultMetrics: false });
    const b = createMetrics({ service: 'command', defaultMetrics: false });
    const gateway = createMetrics({ service: 'gateway', defaultMetrics: false });
    a.observeCommand('CREATE_ORDER', 'ok', 0.004);
    a.observeCommand('CREATE_ORDER', 'VALIDATION_ERROR', 0.004);
    b.observeCommand('CREATE_ORDER', 'ok', 0.2);
    b.observeCommand('DELETE_ORDER', 'partial', 0.02);
    for (const m of [a, b]) m.projectionLagSeconds.set({ projection: 'orders' }, 1.5);
    gateway.trackSockets(() => 3);
    gateway.setRelayLag(0.25, 'changes');
    const texts: Record<string, string> = {
      'http://a': await a.text(),
      'http://b': await b.text(),
    };
    const fakeFetch = (async (url: string) =>
      url === 'http://down/metrics'
        ? new Response('no', { status: 503 })
        : new Response(texts[url.replace('/metrics', '')])) as unknown as typeof fetch;
    const reader = new MetricsReader(
      { name: 'gateway', metrics: gateway },
      [
        { name: 'a', url: 'http://a' },
        { name: 'b', url: 'http://b' },
        { name: 'down', url: 'http://down' },
      ],
      1000,
      fakeFetch,
    );
    const snap = await reader.snapshot(new Date('2026-12-01T10:00:00Z'));
    expect(snap.sources).toEqual([
      { name: 'gateway', ok: true },
      { name: 'a', ok: true },
      { name: 'b', ok: true },
      { name: 'down', ok: false, error: 'GET /metrics answered 503' },
    ]);
    expect(snap.commands.map(({ command, total, failed }) => ({ command, total, failed }))).toEqual(
      [
        { command: 'CREATE_ORDER', total: 3, failed: 1 },
        { command: 'DELETE_ORDER', total: 1, failed: 0 },
      ],
    );
    // CREATE_ORDER: 2 in (0.0025, 0.005], 1 in (0.1, 0.25]; the median is in the first of them.
    expect(snap.commands[0]!.p50).toBeCloseTo(0.0025 + 0.0025 * (1.5 / 2));
    expect(snap.commands[0]!.p95).toBeCloseTo(0.1 + 0.15 * ((2.85 - 2) / 1));
    expect(snap.projections).toEqual([{ projection: 'orders', seconds: 1.5, events: 0 }]);
    expect(snap.socketsOpen).toBe(3);
    expect(snap.relayLag).toEqual([{ source: 'changes', seconds: 0.25 }]);
    expect(snap.at).toBe('2026-12-01T10:00:00.000Z');
  });

  it('without sockets or relay in any process those figures are absent, not 0', () => {
    const snap = summariseMetrics([{ name: 'x', ok: true, samples: [] }], new Date(0));
    expect(snap.socketsOpen).toBeNull();
    expect(snap.relayLag).toEqual([]);
    expect(snap.commands).toEqual([]);
  });
});
