/**
 * A reader of the Prometheus text exposition format (version 0.0.4, what prom-client writes):
 * one sample a line, `name{label="value",…} value [timestamp]`; `#` lines (HELP, TYPE) and blank
 * lines are skipped. prom-client writes the format but has no reader (docs/decisions/0084).
 */
export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

const NAME = /^[a-zA-Z_:][a-zA-Z0-9_:]*/;
const LABEL = /^\s*([a-zA-Z_][a-zA-Z0-9_]*)\s*=\s*"/;

/**
 * A sample value: a decimal number, `NaN`, `+Inf` or `-Inf`, those case-insensitive as Go's
 * ParseFloat reads them (prom-client writes `Nan`).
 */
function parseValue(text: string): number {
  const word = text.toLowerCase();
  if (word === '+inf' || word === 'inf') return Infinity;
  if (word === '-inf') return -Infinity;
  if (word === 'nan') return NaN;
  const n = Number(text);
  if (text === '' || Number.isNaN(n)) throw new Error(`not a sample value: ${text}`);
  return n;
}

/** The label value opening at `from` (after its quote): unescaped, and where it ends. */
function labelValue(line: string, from: number): { value: string; end: number } {
  let value = '';
  for (let i = from; i < line.length; i++) {
    const ch = line[i]!;
    if (ch === '"') return { value, end: i + 1 };
    if (ch === '\\') {
      const next = line[++i];
      value += next === 'n' ? '\n' : (next ?? '');
    } else value += ch;
  }
  throw new Error('unterminated label value');
}

/** One sample line; throws on a malformed one (with what is wrong). */
export function parseSampleLine(line: string): Sample {
  const name = NAME.exec(line)?.[0];
  if (!name) throw new Error('no metric name');
  let rest = line.slice(name.length);
  const labels: Record<string, string> = {};
  if (rest.startsWith('{')) {
    rest = rest.slice(1);
    for (;;) {
      rest = rest.trimStart();
      if (rest.startsWith('}')) break;
      const label = LABEL.exec(rest);
      if (!label) throw new Error('bad label');
      const { value, end } = labelValue(rest, label[0].length);
      labels[label[1]!] = value;
      rest = rest.slice(end).trimStart();
      if (rest.startsWith(',')) rest = rest.slice(1);
      else if (!rest.startsWith('}')) throw new Error('expected , or } after a label');
    }
    rest = rest.slice(1);
  }
  if (!/^\s/.test(rest)) throw new Error('expected a space before the value');
  const [value, timestamp, extra] = rest.trim().split(/\s+/);
  if (extra !== undefined || (timestamp !== undefined && !/^-?\d+$/.test(timestamp)))
    throw new Error('unexpected text after the value');
  return { name, labels, value: parseValue(value ?? '') };
}

/**
 * The samples of an exposition text. A malformed line fails the whole text, with its line
 * number: a half-read process would show wrong sums.
 */
export function parsePrometheusText(text: string): Sample[] {
  const samples: Sample[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (line === '' || line.startsWith('#')) continue;
    try {
      samples.push(parseSampleLine(line));
    } catch (err) {
      throw new Error(`metrics line ${i + 1}: ${(err as Error).message}`);
    }
  }
  return samples;
}

/**
 * The `q` quantile of a histogram from its cumulative buckets (`le` → count), as Prometheus's
 * `histogram_quantile`: linear within the bucket the rank falls in (from 0 for the first); a rank
 * in the `+Inf` bucket is the highest finite bound. Null without observations.
 */
export function histogramQuantile(q: number, buckets: ReadonlyMap<number, number>): number | null {
  const sorted = [...buckets].sort(([a], [b]) => a - b);
  const total = sorted.at(-1)?.[1] ?? 0;
  if (total <= 0 || sorted.at(-1)![0] !== Infinity) return null;
  const rank = q * total;
  let lowerBound = 0;
  let lowerCount = 0;
  for (const [bound, count] of sorted) {
    if (count >= rank) {
      if (bound === Infinity) return lowerBound;
      if (count === lowerCount) return bound;
      return lowerBound + ((bound - lowerBound) * (rank - lowerCount)) / (count - lowerCount);
    }
    lowerBound = bound;
    lowerCount = count;
  }
  return lowerBound;
}
