/** At most `max` hits per key in a sliding window of `windowMs` (per process). */
export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
    private readonly clock: () => Date,
  ) {}

  /** Records a hit; false when the key is over its limit (the hit is then not recorded). */
  hit(key: string): boolean {
    const now = this.clock().getTime();
    const recent = (this.hits.get(key) ?? []).filter((t) => now - t < this.windowMs);
    if (recent.length >= this.max) {
      this.hits.set(key, recent);
      return false;
    }
    recent.push(now);
    this.hits.set(key, recent);
    if (this.hits.size > 100_000) this.prune(now);
    return true;
  }

  private prune(now: number) {
    for (const [key, times] of this.hits)
      if (times.every((t) => now - t >= this.windowMs)) this.hits.delete(key);
  }
}
