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
