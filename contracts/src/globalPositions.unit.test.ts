import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import { comparePositions, type GlobalPosition } from './events.js';

const reference = (a: GlobalPosition, b: GlobalPosition): number => {
  const sign = (d: bigint) => (d === 0n ? 0 : d < 0n ? -1 : 1);
  return (
    sign(BigInt(a.transactionId) - BigInt(b.transactionId)) ||
    sign(BigInt(a.position) - BigInt(b.position))
  );
};

/** Decimal text of a bigint, sometimes with leading zeros or a sign (forms PostgreSQL never prints). */
const decimal = fc.oneof(
  fc.bigInt({ min: 0n, max: 2n ** 64n }).map(String),
  fc.bigInt({ min: 0n, max: 20n }).map(String),
  fc
    .tuple(fc.bigInt({ min: -50n, max: 2n ** 64n }), fc.nat(3))
    .map(([n, zeros]) => (n < 0n ? String(n) : '0'.repeat(zeros) + String(n))),
);
const position = fc.record({ transactionId: decimal, position: decimal });

describe('comparePositions', () => {
  it('orders positions as the numbers they spell, transaction first (fast path without BigInt)', () => {
    fc.assert(
      fc.property(position, position, (a, b) => {
        expect(comparePositions(a, b)).toBe(reference(a, b));
        expect(comparePositions(b, a)).toBe(-reference(a, b) || 0);
      }),
      { numRuns: 5000 },
    );
  });

  it('compares numbers of different lengths by value, not as text', () => {
    const at = (transactionId: string, p: string) => ({ transactionId, position: p });
    expect(comparePositions(at('9', '1'), at('10', '0'))).toBe(-1);
    expect(comparePositions(at('10', '99'), at('10', '100'))).toBe(-1);
    expect(comparePositions(at('0', '0'), at('0', '0'))).toBe(0);
    expect(comparePositions(at('007', '1'), at('7', '1'))).toBe(0);
  });
});
