import { describe, expect, it } from '@jest/globals';
import { AppError, errorStatus, type ErrorType } from '@nordlog/contracts';
import { silentLogger } from '../logger.js';
import {
  defaultRetryAfterSeconds,
  errorMiddleware,
  isUnavailable,
  toErrorResponse,
} from './errors.js';

describe('isUnavailable: a store that cannot be reached now (503, retry soon)', () => {
  it('knows PostgreSQL and network failures', () => {
    expect(isUnavailable({ code: 'ECONNREFUSED' })).toBe(true);
    expect(isUnavailable({ code: '08006' })).toBe(true);
    expect(isUnavailable({ message: 'Connection terminated unexpectedly' })).toBe(true);
    // A Unix socket of a server that is down (the embedded server's own connection).
    expect(isUnavailable({ code: 'ENOENT', syscall: 'connect' })).toBe(true);
  });

  it('knows the KurrentDB client’s unavailable, deadline-exceeded and not-leader errors', () => {
    expect(isUnavailable({ type: 'unavailable', code: 14, message: 'No connection' })).toBe(true);
    expect(isUnavailable({ type: 'deadline-exceeded' })).toBe(true);
    expect(isUnavailable({ type: 'not-leader' })).toBe(true);
  });

  it('says no to everything else', () => {
    expect(isUnavailable(null)).toBe(false);
    expect(isUnavailable({ type: 'wrong-expected-version' })).toBe(false);
    expect(isUnavailable({ code: '23505', message: 'duplicate key' })).toBe(false);
    expect(isUnavailable({ code: 'ENOENT', syscall: 'open' })).toBe(false);
  });
});

describe('Retry-After: every answer that asks the caller to come back says when', () => {
  const logger = silentLogger();
  const comeBack = Object.entries(errorStatus).filter(([, status]) =>
    Object.hasOwn(defaultRetryAfterSeconds, status),
  );

  it('covers 429 and 503, the statuses that ask for a retry', () => {
    expect(Object.keys(defaultRetryAfterSeconds).map(Number).sort()).toEqual([429, 503]);
    expect(comeBack.map(([type]) => type).sort()).toEqual([
      'SERVICE_UNAVAILABLE',
      'TOO_MANY_REQUESTS',
    ]);
  });

  it.each(comeBack)('%s carries its own wait, else the default, as a header', (type, status) => {
    const send = (err: unknown) => {
      const headers: Record<string, string> = {};
      const res = {
        set: (name: string, value: string) => void (headers[name] = value),
        status: () => res,
        json: () => res,
      };
      errorMiddleware(logger)(err, {} as never, res as never, () => {});
      return headers['Retry-After'];
    };
    const error = () => new AppError(type as ErrorType, 'come back later');
    expect(send(error())).toBe(String(defaultRetryAfterSeconds[status]));
    expect(send(error().retryAfter(12_001))).toBe('13');
    expect(send(error().retryAfter(0))).toBe('1');
  });

  it('a database that cannot be reached is a 503 with the default wait', () => {
    expect(toErrorResponse({ code: 'ECONNREFUSED' }, logger)).toMatchObject({
      status: 503,
      retryAfterSeconds: 5,
    });
    expect(toErrorResponse(new AppError('NOT_FOUND', 'x'), logger).retryAfterSeconds).toBe(
      undefined,
    );
  });
});
