import { describe, expect, it } from '@jest/globals';
import { DEFAULT_CONTEXTS, socketProtocol, subscriptionContextSchema } from './context.js';
import { AppError, errorStatus } from './errors.js';

describe('subscription context', () => {
  it('S3-ENT-062 has the seven keys of the spec', () => {
    expect(Object.keys(subscriptionContextSchema.shape).sort()).toEqual([
      'consignmentStates',
      'contexts',
      'customerIds',
      'dates',
      'departmentIds',
      'filters',
      'types',
    ]);
  });
  it('S3-ENT-063 contexts default to NONE', () => {
    expect(DEFAULT_CONTEXTS).toEqual(['NONE']);
  });
  it('accepts single values for lists and refuses bad dates and unknown states', () => {
    expect(subscriptionContextSchema.parse({ dates: '2026-11-22' }).dates).toEqual(['2026-11-22']);
    expect(subscriptionContextSchema.safeParse({ dates: ['22.11.2026'] }).success).toBe(false);
    expect(subscriptionContextSchema.safeParse({ consignmentStates: ['FOO'] }).success).toBe(false);
  });
  it('S7-CALL-044 S7-CALL-045 S7-CALL-046 S7-CALL-047 close codes 3001 login, 3002 error, 3003 close, 3004 no pong; S9-CONST-032/033 10 s and 30 s', () => {
    expect(socketProtocol.closeCodes).toEqual({
      login: 3001,
      error: 3002,
      close: 3003,
      noPong: 3004,
    });
    expect(socketProtocol.pingIntervalMs).toBe(10_000);
    expect(socketProtocol.staleAfterMs).toBe(30_000);
  });
});

describe('errors', () => {
  it('S8-ERR-002 an AppError carries the spec body: [{errorType, description}] and one status per type', () => {
    const e = new AppError('INVALID_STATE_TRANSITION', 'Cannot deliver');
    expect(e.items).toEqual([
      { errorType: 'INVALID_STATE_TRANSITION', description: 'Cannot deliver' },
    ]);
    expect(e.status).toBe(409);
    expect(errorStatus.CONCURRENCY_CONFLICT).toBe(409);
    expect(errorStatus.VALIDATION_ERROR).toBe(400);
    expect(errorStatus.NO_ACCESS).toBe(403);
  });
});
