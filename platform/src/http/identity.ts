import type { Identity } from '@nordlog/contracts';
import type { Request } from 'express';

/**
 * The one place where identity enters a request. Until sessions exist (the identity issue),
 * every caller of the embedded default is a development ADMIN with access to everything.
 */
export function resolveIdentity(_req: Request): Identity {
  return {
    userId: 'dev-admin',
    role: 'ADMIN',
    access: ['*'],
    departmentIds: '*',
    customerId: null,
  };
}
