/**
 * Calls `fn` at most once per `ms` (spec §9 scroll event throttle: 20 ms): the first call runs at
 * once, later calls within the window are folded into one trailing call with the latest
 * arguments, so the last position is never lost.
 */
export function throttle<A extends unknown[]>(
  fn: (...args: A) => void,
  ms: number,
  clock: {
    now: () => number;
    setTimeout: (f: () => void, ms: number) => unknown;
    clearTimeout: (handle: unknown) => void;
  } = {
    now: () => performance.now(),
    setTimeout: (f, t) => globalThis.setTimeout(f, t),
    clearTimeout: (h) => globalThis.clearTimeout(h as ReturnType<typeof setTimeout>),
  },
): ((...args: A) => void) & { cancel(): void } {
  let last = -Infinity;
  let timer: unknown = null;
  let pending: A | null = null;
  const run = (args: A) => {
    last = clock.now();
    fn(...args);
  };
  const throttled = (...args: A) => {
    const wait = last + ms - clock.now();
    if (wait <= 0 && timer === null) return run(args);
    pending = args;
    if (timer !== null) return;
    timer = clock.setTimeout(
      () => {
        timer = null;
        const next = pending;
        pending = null;
        if (next) run(next);
      },
      Math.max(0, wait),
    );
  };
  throttled.cancel = () => {
    if (timer !== null) clock.clearTimeout(timer);
    timer = null;
    pending = null;
  };
  return throttled;
}
