import { pino, type DestinationStream, type Logger } from 'pino';

export type { Logger };

/**
 * One JSON logger for every service; `name` tells which part of the product wrote a line.
 * Lines go to stdout, or to `destination` (tests read what was logged).
 */
export function createLogger(
  level = 'info',
  name = 'nordlog',
  destination?: DestinationStream,
): Logger {
  const options = { level, name, base: undefined, timestamp: pino.stdTimeFunctions.isoTime };
  return destination ? pino(options, destination) : pino(options);
}

/** A logger that drops everything, for tests. */
export const silentLogger = (): Logger => pino({ level: 'silent' });

export type LogFormat = 'json' | 'pretty';

/**
 * The logger of a process started from a shell: JSON lines for a log collector, or one readable
 * line per entry when a person watches a terminal. Without `format` (LOG_FORMAT), a terminal gets
 * `pretty` and anything else (a pipe, a file, journald) JSON.
 * @example createConsoleLogger(config.LOG_LEVEL, config.LOG_FORMAT)
 */
export function createConsoleLogger(
  level: string,
  format: LogFormat | undefined,
  name = 'nordlog',
  out: NodeJS.WriteStream = process.stdout,
): Logger {
  const pretty = (format ?? (out.isTTY ? 'pretty' : 'json')) === 'pretty';
  if (!pretty) return createLogger(level, name, out === process.stdout ? undefined : out);
  const colour = out.isTTY && !process.env.NO_COLOR;
  return createLogger(level, name, {
    write: (line: string) => out.write(prettyLine(line, colour)),
  });
}

const levels: Record<number, { label: string; colour: string }> = {
  10: { label: 'TRACE', colour: '90' },
  20: { label: 'DEBUG', colour: '36' },
  30: { label: 'INFO', colour: '32' },
  40: { label: 'WARN', colour: '33' },
  50: { label: 'ERROR', colour: '31' },
  60: { label: 'FATAL', colour: '35' },
};

const fieldText = (value: unknown): string =>
  typeof value === 'string' && !/\s/.test(value) && value !== '' ? value : JSON.stringify(value);

/**
 * One JSON log line as a person reads it: local time, level, who wrote it, the message, then the
 * other fields as `key=value`; an error's stack on the lines below. Not JSON: passed on as it is.
 * @example prettyLine('{"level":30,"time":"2026-01-05T08:00:00.000Z","name":"nordlog","msg":"up","port":8080}')
 *   // '09:00:00.000 INFO  nordlog: up port=8080\n' (in Oslo)
 */
export function prettyLine(line: string, colour = false): string {
  let entry: Record<string, unknown>;
  try {
    entry = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return line.endsWith('\n') ? line : `${line}\n`;
  }
  if (entry === null || typeof entry !== 'object') return line.endsWith('\n') ? line : `${line}\n`;
  const { level, time, name, msg, err, ...fields } = entry;
  const known = levels[typeof level === 'number' ? level : 30] ?? levels[30]!;
  const label = known.label.padEnd(5);
  const at = typeof time === 'string' || typeof time === 'number' ? new Date(time) : new Date();
  const clock = `${at.toTimeString().slice(0, 8)}.${String(at.getMilliseconds()).padStart(3, '0')}`;
  const rest = Object.entries(fields)
    .map(([k, v]) => `${k}=${fieldText(v)}`)
    .join(' ');
  const who = typeof name === 'string' ? `${name}: ` : '';
  const text = typeof msg === 'string' ? msg : '';
  let out = `${clock} ${colour ? `\u001b[${known.colour}m${label}\u001b[0m` : label} ${who}${text}`;
  if (rest) out += ` ${rest}`;
  out += '\n';
  if (err !== undefined) {
    const stack =
      err && typeof err === 'object' && 'stack' in err && typeof err.stack === 'string'
        ? err.stack
        : JSON.stringify(err);
    out += `${stack.replace(/^/gm, '    ')}\n`;
  }
  return out;
}
