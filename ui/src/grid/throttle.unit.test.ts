import { describe, expect, it } from '@jest/globals';
import { gridConstants } from './constants';
import { throttle } from './throttle';

function fakeClock() {
  let now = 0;
  const timers: { at: number; f: () => void; id: number }[] = [];
  let ids = 0;
  return {
    now: () => now,
    setTimeout: (f: () => void, ms: number) => {
      const id = ++ids;
      timers.push({ at: now + ms, f, id });
      return id;
    },
    clearTimeout: (id: unknown) => {
      const i = timers.findIndex((t) => t.id === id);
      if (i >= 0) timers.splice(i, 1);
    },
    advance(ms: number) {
      now += ms;
      for (;;) {
        timers.sort((a, b) => a.at - b.at);
        const next = timers[0];
        if (!next || next.at > now) return;
        timers.shift();
        next.f();
      }
    },
  };
}

describe('scroll throttle (spec §9)', () => {
  it('S9-CONST-036: scroll handling runs at most once per 20 ms, the last position included', () => {
    expect(gridConstants.scrollThrottleMs).toBe(20);
    const clock = fakeClock();
    const seen: number[] = [];
    const onScroll = throttle(
      (top: number) => seen.push(top),
      gridConstants.scrollThrottleMs,
      clock,
    );
    // A scroll event every 2 ms for 100 ms.
    for (let t = 0; t <= 100; t += 2) {
      onScroll(t * 10);
      clock.advance(2);
    }
    clock.advance(50);
    expect(seen[0]).toBe(0);
    expect(seen.at(-1)).toBe(1000);
    // 0..100 ms plus the trailing call: at most one call per 20 ms window.
    expect(seen.length).toBeLessThanOrEqual(7);
    expect(seen.length).toBeGreaterThanOrEqual(5);
  });

  it('cancel drops a pending trailing call', () => {
    const clock = fakeClock();
    const seen: number[] = [];
    const f = throttle((n: number) => seen.push(n), 20, clock);
    f(1);
    f(2);
    f.cancel();
    clock.advance(100);
    expect(seen).toEqual([1]);
  });
});
