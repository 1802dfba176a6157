/**
 * The same code read again within a couple of seconds is one scan (issue 42 part 2): a camera
 * sees the label in frame after frame. A code counts again only after it has been out of sight
 * for `windowMs`, so holding the phone over a label for ten seconds is still one scan, and
 * scanning the same package a second time on purpose (another kind, or again after a pause)
 * works once the label has left the frame for that long.
 */
export class RepeatFilter {
  private readonly seen = new Map<string, number>();

  constructor(private readonly windowMs = 2000) {}

  /** Whether this sighting of `code` at `now` (ms) is a new scan. */
  accept(code: string, now: number): boolean {
    const last = this.seen.get(code);
    this.seen.set(code, now);
    // Forget codes long out of sight, so the map stays the size of a few seconds' scans.
    for (const [other, at] of this.seen) if (now - at > this.windowMs) this.seen.delete(other);
    return last === undefined || now - last > this.windowMs;
  }
}
