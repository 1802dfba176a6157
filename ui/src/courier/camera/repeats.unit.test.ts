import { describe, expect, it } from '@jest/globals';
import { RepeatFilter } from './repeats';

describe('the same code read twice within a couple of seconds is one scan (issue 42 part 2)', () => {
  it('a code seen in frame after frame counts once, another code at once', () => {
    const filter = new RepeatFilter(2000);
    expect(filter.accept('A', 0)).toBe(true);
    expect(filter.accept('A', 150)).toBe(false);
    expect(filter.accept('B', 300)).toBe(true);
    expect(filter.accept('A', 1900)).toBe(false);
  });

  it('held over the label for ten seconds: still one scan', () => {
    const filter = new RepeatFilter(2000);
    const accepted = Array.from({ length: 100 }, (_, i) => filter.accept('A', i * 100));
    expect(accepted.filter(Boolean)).toHaveLength(1);
  });

  it('out of sight for longer than the window, the code counts again', () => {
    const filter = new RepeatFilter(2000);
    expect(filter.accept('A', 0)).toBe(true);
    expect(filter.accept('A', 2000)).toBe(false);
    expect(filter.accept('A', 4001)).toBe(true);
  });
});
