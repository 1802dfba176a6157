import { z } from 'zod';
import { phoneNumber } from '../users/index.js';

export { authRules } from './rules.js';

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
