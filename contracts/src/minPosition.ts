// Zod-free, so the log-in page's bundle need not carry zod (docs/decisions/0046-web-start-up.md).
/** Read-your-writes: a query waits until the read models have projected this position. */
export const MIN_POSITION_HEADER = 'x-min-position';
/** The answer to `x-min-position`: `true` once the position was projected, `false` if the wait ran out. */
export const MIN_POSITION_REACHED_HEADER = 'x-min-position-reached';
/** How long a query waits for `x-min-position` before answering anyway. */
export const MIN_POSITION_WAIT_MS = 3000;
