import {
  API_KEY_HASHES_TABLE,
  AppError,
  CUSTOMERS_TABLE,
  parseApiKey,
  type Identity,
} from '@nordlog/contracts';
import { apiKeyMatches, attachIdentity, type Knex } from '@nordlog/platform';
import type { Request, RequestHandler } from 'express';
import { customerFamily } from '../auth/authenticate.js';
import { RateLimiter } from '../auth/rateLimit.js';

/** The window of the per-key limit. */
export const API_KEY_WINDOW_MS = 60_000;
/** A customer's family and departments are kept this long (they change with customer edits). */
const CUSTOMER_CACHE_MS = 5_000;

export interface ApiKeyAuthOptions {
  /** Requests a key may make a minute (per gateway process). */
  perMinute: number;
  /** Requests all of one customer's keys together may make a minute (default 3 × perMinute). */
  perCustomerPerMinute?: number;
  /** Refused keys an address may present a minute before it is refused without a look-up. */
  failuresPerMinute?: number;
  clock?: () => Date;
}

/** The key a request presents: `Authorization: Bearer {key}` or `X-Api-Key: {key}`. */
export function presentedKey(req: Pick<Request, 'get'>): string | null {
  const bearer = /^Bearer\s+(\S+)\s*$/i.exec(req.get('authorization') ?? '');
  return bearer?.[1] ?? req.get('x-api-key')?.trim() ?? null;
}

/**
 * The integration APIs' door (docs/decisions/0069-api-keys.md): a presented key is looked up by
 * its id and its secret compared in constant time with the hash of the key's current secret; an
 * unknown, malformed, rotated-away or revoked key is 401 INVALID_TOKEN, all alike. The caller is
 * then the key's customer, as a customer user of it would be (its sub-customers, its customers'
 * departments, no flags), and each key has its own limit (429 with Retry-After), as the public
 * calls have one per address; a customer's keys together have one more (0085: a customer who
 * makes its own keys does not make its limit bigger by making more).
 */
export class ApiKeyAuthenticator {
  private readonly perKey: RateLimiter;
  private readonly perCustomer: RateLimiter;
  private readonly failures: RateLimiter;
  private readonly customers = new Map<string, { identity: Identity; until: number }>();
  private readonly clock: () => Date;

  constructor(
    private readonly knex: Knex,
    options: ApiKeyAuthOptions,
  ) {
    this.clock = options.clock ?? (() => new Date());
    this.perKey = new RateLimiter(options.perMinute, API_KEY_WINDOW_MS, this.clock);
    this.perCustomer = new RateLimiter(
      options.perCustomerPerMinute ?? 3 * options.perMinute,
      API_KEY_WINDOW_MS,
      this.clock,
    );
    this.failures = new RateLimiter(options.failuresPerMinute ?? 30, API_KEY_WINDOW_MS, this.clock);
  }

  middleware(): RequestHandler {
    return async (req, _res, next) => {
      const address = req.ip ?? 'unknown';
      if (this.failures.retryAfterMs(address) > 0)
        throw new AppError(
          'TOO_MANY_REQUESTS',
          'Too many refused API keys from this address; wait a minute',
        ).retryAfter(this.failures.retryAfterMs(address));
      const key = presentedKey(req);
      const found = key ? await this.keyOf(key) : null;
      if (!found) {
        this.failures.hit(address);
        throw new AppError('INVALID_TOKEN', 'The API key is missing, unknown, replaced or revoked');
      }
      if (!this.perKey.hit(found.id))
        throw new AppError(
          'TOO_MANY_REQUESTS',
          'Too many requests with this API key; wait and try again',
        ).retryAfter(this.perKey.retryAfterMs(found.id));
      if (!this.perCustomer.hit(found.customerId))
        throw new AppError(
          'TOO_MANY_REQUESTS',
          "Too many requests with this customer's API keys together; wait and try again",
          { limit: 'customer' },
        ).retryAfter(this.perCustomer.retryAfterMs(found.customerId));
      const identity = await this.identityOf(found.customerId);
      attachIdentity(req, { ...identity, userId: `api-key:${found.id}` });
      next();
    };
  }

  /** The active key a text is, or null. */
  private async keyOf(text: string): Promise<{ id: string; customerId: string } | null> {
    const parsed = parseApiKey(text);
    if (!parsed) return null;
    const row = await this.knex(API_KEY_HASHES_TABLE)
      .where('id', parsed.id)
      .first<{ hash: string; revoked: boolean; customer_id: string } | undefined>(
        'hash',
        'revoked',
        this.knex.raw('customer_id::text as customer_id'),
      );
    if (!row || row.revoked || !apiKeyMatches(text.trim(), parsed.id, row.hash)) return null;
    return { id: parsed.id, customerId: row.customer_id };
  }

  /** A customer user's identity of the key's customer: no flags, its family, their departments. */
  private async identityOf(customerId: string): Promise<Identity> {
    const now = this.clock().getTime();
    const cached = this.customers.get(customerId);
    if (cached && cached.until > now) return cached.identity;
    const customerIds = await customerFamily(this.knex, customerId);
    const rows = await this.knex(CUSTOMERS_TABLE)
      .whereIn('id', customerIds)
      .select<{ department_id: string | null }[]>(
        this.knex.raw(`data->>'departmentId' as department_id`),
      );
    const departmentIds = [
      ...new Set(rows.map((r) => r.department_id).filter((d): d is string => !!d)),
    ];
    const identity: Identity = {
      userId: 'api-key',
      role: 'CUSTOMER',
      access: [],
      departmentIds,
      customerId,
      customerIds,
    };
    if (this.customers.size > 10_000) this.customers.clear();
    this.customers.set(customerId, { identity, until: now + CUSTOMER_CACHE_MS });
    return identity;
  }
}
