// Zod-free, so the log-in page's bundle need not carry zod (docs/decisions/0046-web-start-up.md).
/** Socket protocol constants (spec §7, §9). */
export const socketProtocol = {
  path: '/api/subscribe',
  pingIntervalMs: 10_000,
  staleAfterMs: 30_000,
  reconnectAfterMs: 2_000,
  silentFailures: 3,
  messages: { login: 'login', ping: 'ping', pong: 'pong', ok: 'ok' },
  closeCodes: { login: 3001, error: 3002, close: 3003, noPong: 3004 },
} as const;
