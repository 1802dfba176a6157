import { describe, expect, it } from '@jest/globals';
import { withChanges, withoutRecord, withRecord } from './records.js';

describe('records kept by id in a decider’s state', () => {
  const one = { a: { name: 'A', days: 1 } };

  it('adds, merges a change into, and removes a record, never changing the records given', () => {
    const two = withRecord(one, 'b', { name: 'B', days: 2 });
    expect(two).toEqual({ a: { name: 'A', days: 1 }, b: { name: 'B', days: 2 } });
    expect(withChanges(two, 'b', { days: 3 })).toEqual({ ...two, b: { name: 'B', days: 3 } });
    expect(withoutRecord(two, 'a')).toEqual({ b: { name: 'B', days: 2 } });
    expect(one).toEqual({ a: { name: 'A', days: 1 } });
  });

  it('a change or removal of a record not there leaves the records as they are', () => {
    expect(withChanges(one, 'x', { days: 9 })).toBe(one);
    expect(withoutRecord(one, 'x')).toEqual(one);
  });
});
