// Zod-free, so the log-in page's bundle need not carry zod (docs/decisions/0046-web-start-up.md).
/** Spec §7 authentication calls and their rules (issue: identity, sessions and access control). */
export const authRules = {
  tokenDigits: 6,
  tokenTtlMs: 10 * 60_000,
  maxTokenTries: 5,
  /** Token requests per phone number, and per client address, in `rateWindowMs`. */
  maxRequestsPerPhone: 3,
  maxRequestsPerAddress: 20,
  rateWindowMs: 10 * 60_000,
  /** A session ends after this long without a request, and in any case after `sessionAbsoluteMs`. */
  sessionIdleMs: 8 * 60 * 60_000,
  sessionAbsoluteMs: 7 * 24 * 60 * 60_000,
  cookieName: 'nordlog_session',
  passwordMinLength: 10,
  maxPasswordTries: 5,
  resetTtlMs: 60 * 60_000,
  csrfHeader: 'x-csrf-token',
} as const;
