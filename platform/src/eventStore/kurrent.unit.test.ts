import { describe, expect, it } from '@jest/globals';
import {
  StreamNotFoundError,
  UnknownError,
  WrongExpectedVersionError,
} from '@kurrent/kurrentdb-client';
import { AppError, START, comparePositions } from '@nordlog/contracts';
import {
  conflict,
  conflictAmong,
  DOMAIN_STREAMS,
  eventIds,
  firstRevision,
  isConflict,
  isDomainEvent,
  isStreamNotFound,
  outcomeEventId,
  outcomeStream,
  toGlobalPosition,
  toKurrentPosition,
  toStreamState,
  withPosition,
} from './kurrent.js';
import { deterministicUuid } from './uuid.js';

const at = (commit: bigint, prepare: bigint) => toGlobalPosition({ commit, prepare });

describe('KurrentDB $all positions as global positions', () => {
  it('writes commit and prepare as decimal strings and reads them back unchanged', () => {
    const big = { commit: 2n ** 63n - 1n, prepare: 2n ** 63n - 2n };
    expect(toGlobalPosition(big)).toEqual({
      transactionId: '9223372036854775807',
      position: '9223372036854775806',
    });
    expect(toKurrentPosition(toGlobalPosition(big))).toEqual(big);
    expect(toKurrentPosition(START)).toEqual({ commit: 0n, prepare: 0n });
  });

  it('keeps KurrentDB’s (commit, prepare) order, also across a new decimal digit', () => {
    // Sorted as $all has them: by commit, then by prepare within one write.
    const ordered = [
      at(0n, 0n),
      at(998n, 998n),
      at(998n, 999n),
      at(998n, 1_000n),
      at(1_001n, 1_001n),
      at(9_999_999n, 9_999_999n),
      at(10_000_000n, 10_000_000n),
      at(10_000_000n, 10_000_352n),
    ];
    for (let i = 1; i < ordered.length; i++) {
      expect(comparePositions(ordered[i - 1]!, ordered[i]!)).toBe(-1);
      expect(comparePositions(ordered[i]!, ordered[i - 1]!)).toBe(1);
    }
    expect(comparePositions(at(5n, 7n), at(5n, 7n))).toBe(0);
    // An event prepared early but committed late (an explicit transaction of older servers)
    // comes after one prepared later that committed first: commit decides, not prepare.
    expect(comparePositions(at(1_500n, 1_500n), at(2_000n, 500n))).toBe(-1);
    const shuffled = [...ordered].reverse();
    expect(shuffled.sort(comparePositions)).toEqual(ordered);
  });
});

describe('expected revisions', () => {
  it('maps the port’s expectations onto the client’s stream states', () => {
    expect(toStreamState('no_stream')).toBe('no_stream');
    expect(toStreamState('any')).toBe('any');
    expect(toStreamState(0)).toBe(0n);
    expect(toStreamState(41)).toBe(41n);
  });

  it('finds the first written revision from the expectation, or from the reported one for any', () => {
    expect(firstRevision('no_stream', 2n, 3)).toBe(0n);
    // A definite expectation decides, also when the server reports another revision.
    expect(firstRevision(4, 99n, 2)).toBe(5n);
    expect(firstRevision(4, undefined, 2)).toBe(5n);
    expect(firstRevision('any', 9n, 3)).toBe(7n);
    expect(() => firstRevision('any', undefined, 1)).toThrow('no revision');
  });
});

describe('event ids', () => {
  it('are the PostgreSQL store’s: name-based on command, stream and index', () => {
    const ids = eventIds('cmd-1', 'order-1', 3);
    expect(ids).toEqual(['0', '1', '2'].map((i) => deterministicUuid('cmd-1', 'order-1', i)));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab]/);
  });

  it('repeat for a retried append and differ between commands and streams', () => {
    expect(eventIds('cmd-1', 'order-1', 2)).toEqual(eventIds('cmd-1', 'order-1', 2));
    expect(new Set(eventIds('cmd-1', 'order-1', 50)).size).toBe(50);
    expect(eventIds('cmd-2', 'order-1', 1)).not.toEqual(eventIds('cmd-1', 'order-1', 1));
    expect(eventIds('cmd-1', 'order-2', 1)).not.toEqual(eventIds('cmd-1', 'order-1', 1));
    expect(outcomeEventId('cmd-1')).toBe(outcomeEventId('cmd-1'));
    expect(eventIds('cmd-1', 'outcome', 1)).not.toContain(outcomeEventId('cmd-1'));
  });
});

describe('the global order’s events', () => {
  it('leave out system streams and command outcomes on the server too (same regex semantics)', () => {
    const domain = new RegExp(DOMAIN_STREAMS.regex);
    for (const stream of ['order-1', 'department-7', 'outcome-x', 'command-1'])
      expect(domain.test(stream)).toBe(true);
    for (const stream of ['$$order-1', '$settings', '$ce-order', outcomeStream('cmd-1')])
      expect(domain.test(stream)).toBe(false);
    expect(DOMAIN_STREAMS.filterOn).toBe('streamName');
  });

  it('leave out system events and command outcomes', () => {
    expect(isDomainEvent('order-1', 'OrderCreated')).toBe(true);
    expect(isDomainEvent('$$order-1', '$metadata')).toBe(false);
    expect(isDomainEvent('$stats-127.0.0.1:2113', 'StatsCollected')).toBe(false);
    expect(isDomainEvent('order-1', '$streamDeleted')).toBe(false);
    expect(isDomainEvent(outcomeStream('cmd-1'), 'CommandOutcomeRecorded')).toBe(false);
  });
});

describe('an outcome recorded with an append', () => {
  it('gets the position as PostgreSQL’s jsonb concatenation adds it', () => {
    expect(withPosition({ events: ['A'] }, '42')).toEqual({ events: ['A'], position: '42' });
    expect(withPosition({}, '7')).toEqual({ position: '7' });
    expect(withPosition([{ id: 1 }], '7')).toEqual([{ id: 1 }, { position: '7' }]);
    expect(withPosition('ok', '7')).toEqual(['ok', { position: '7' }]);
  });
});

describe('client errors', () => {
  it('takes a wrong expected revision as a conflict and knows its stream', () => {
    const wrong = new WrongExpectedVersionError(undefined, {
      streamName: 'order-1',
      expected: 0n,
      current: 1n,
    });
    expect(isConflict(wrong)).toBe(true);
    expect(isConflict(wrong) && wrong.streamName).toBe('order-1');
    expect(isConflict(new StreamNotFoundError(undefined, 'order-1'))).toBe(false);
    expect(isConflict(new Error('wrong-expected-version'))).toBe(false);
    expect(isConflict(null)).toBe(false);
  });

  it('reads a stream that is not found as empty, and nothing else', () => {
    expect(isStreamNotFound(new StreamNotFoundError(undefined, 'order-1'))).toBe(true);
    expect(isStreamNotFound(new UnknownError(undefined, 'boom'))).toBe(false);
    expect(isStreamNotFound(undefined)).toBe(false);
  });

  it('reports a conflict as the PostgreSQL store does: CONCURRENCY_CONFLICT, 409', () => {
    for (const error of [conflict('order-1', 3), conflictAmong('a, b')]) {
      expect(error).toBeInstanceOf(AppError);
      expect(error.status).toBe(409);
      expect(error.items[0]!.errorType).toBe('CONCURRENCY_CONFLICT');
    }
    expect(conflict('order-1', 'no_stream').message).toContain('expected revision no_stream');
  });
});
