import { z } from 'zod';
import { phoneNumber } from '../users/index.js';

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

export const requestTokenSchema = z.object({ phoneNumber });
export const verifyTokenSchema = z.object({
  phoneNumber,
  token: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'the token is 6 digits'),
});

const password = z.string().min(10, 'at least 10 characters').max(200);
export const verifyPwdSchema = z.object({ password: z.string().min(1).max(200) });
export const setPwdSchema = z.object({ password, token: z.string().min(20).max(200) });
export const claimEmailSchema = z.object({ email: z.email() });
export const requestPwdResetSchema = z.object({ email: z.email() });

/** `GET /auth/user`: who is logged in, and what the UI must ask of them first. */
export interface AuthUser {
  id: string;
  name: string;
  phoneNumber: string;
  email: string | null;
  role: string;
  access: string[];
  departmentIds: string[];
  customerId: string | null;
  courierId: string | null;
  requiresEmail: boolean;
  /** The session still needs the password (verify-pwd), or one must be set first (`hasPassword`). */
  requiresPwd: boolean;
  hasPassword: boolean;
  /** Send it back in the `x-csrf-token` header of every state-changing request. */
  csrfToken: string;
}
