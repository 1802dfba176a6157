import { describe, expect, it } from '@jest/globals';
import { START } from '@nordlog/contracts';
import { replayArguments } from './replay.js';

describe('relay --replay-from', () => {
  it('takes a position or "start", and the sources to replay', () => {
    expect(replayArguments([])).toBeNull();
    expect(replayArguments(['--replay-from', '12:34'])).toEqual({
      from: { transactionId: '12', position: '34' },
      sources: ['events', 'changes'],
    });
    expect(replayArguments(['--replay-from', 'start', '--sources', 'changes'])).toEqual({
      from: START,
      sources: ['changes'],
    });
  });

  it('refuses what it cannot read', () => {
    expect(() => replayArguments(['--replay-from', 'yesterday'])).toThrow(/transactionId:position/);
    expect(() => replayArguments(['--replay-from', 'start', '--sources', 'kafka'])).toThrow(
      /--sources/,
    );
  });
});
