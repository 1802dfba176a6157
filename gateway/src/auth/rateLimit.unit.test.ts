import { describe, expect, it } from '@jest/globals';
import { RateLimiter } from './rateLimit.js';

describe('rate limiter', () => {
  it('allows max hits per key in the window, then refuses until the window has passed', () => {
    let now = 0;
    const limiter = new RateLimiter(3, 1000, () => new Date(now));
    expect([1, 2, 3, 4].map(() => limiter.hit('a'))).toEqual([true, true, true, false]);
    expect(limiter.hit('b')).toBe(true);
    now = 999;
    expect(limiter.hit('a')).toBe(false);
    now = 1000;
    expect(limiter.hit('a')).toBe(true);
  });
});
