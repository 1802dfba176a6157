import { pino, type Logger } from 'pino';

export type { Logger };

/** One JSON logger for every service; `name` tells which part of the product wrote a line. */
export function createLogger(level = 'info', name = 'nordlog'): Logger {
  return pino({ level, name, base: undefined, timestamp: pino.stdTimeFunctions.isoTime });
}

/** A logger that drops everything, for tests. */
export const silentLogger = (): Logger => pino({ level: 'silent' });
