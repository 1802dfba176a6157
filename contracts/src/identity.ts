/** Who is calling: resolved by the gateway from the session (or the system, for seeding). */
export interface Identity {
  userId: string;
  role: string;
  /** Effective access flags of spec §6 (`'*'` for the system identity). */
  access: string[];
  /** Department ids the user may see; `'*'` for all (ADMIN users and the system). */
  departmentIds: string[] | '*';
  /**
   * The department groups (`n` of `group_{n}`) in the user's access. The gateway has already put
   * their current member departments into `departmentIds` (docs/decisions/0011).
   */
  departmentGroupIds?: string[];
  customerId: string | null;
  /**
   * A CUSTOMER user's customers: their own and, for a main customer, its sub-customers (the
   * customers with the same customer number, `alystraId`, and a sub-customer code). Set by the
   * gateway; when absent, only `customerId` (docs/decisions/0008).
   */
  customerIds?: string[];
  /** The courier a COURIER user is (its own location is the one it may report). */
  courierId?: string | null;
}

/** The customers a customer user may see, or null for users who are not bound to a customer. */
export function customerScope(identity: Identity): string[] | null {
  if (identity.customerId === null) return null;
  return identity.customerIds && identity.customerIds.length > 0
    ? identity.customerIds
    : [identity.customerId];
}

/** The product itself acting (demo data, migrations of data): every right, every department. */
export const SYSTEM_IDENTITY: Identity = {
  userId: 'system',
  role: 'ADMIN',
  access: ['*'],
  departmentIds: '*',
  customerId: null,
};

/**
 * A caller without a session (the public tracking page): no access, no departments. Only the
 * public queries (`Permission.public`) are answered for it, at `/openapi/query/{name}`.
 */
export const PUBLIC_IDENTITY: Identity = {
  userId: 'public',
  role: 'PUBLIC',
  access: [],
  departmentIds: [],
  customerId: null,
};

/** The facts of a user that decide their identity (the stored user, or `GET /auth/user`). */
export interface IdentitySource {
  id: string;
  role: string;
  access: string[];
  departmentIds: string[];
  customerId: string | null;
  courierId?: string | null;
}

/**
 * The identity a user acts with: the gateway builds it from the stored user, and the web app from
 * `GET /auth/user`, so menus and buttons follow the same table the server checks (spec §6).
 * ADMIN users see every department; only CUSTOMER users are bound to a customer and only COURIER
 * users to a courier.
 */
export function identityOfUser(user: IdentitySource): Identity {
  return {
    userId: user.id,
    role: user.role,
    access: user.access,
    departmentIds: user.role === 'ADMIN' ? '*' : user.departmentIds,
    customerId: user.role === 'CUSTOMER' ? user.customerId : null,
    courierId: user.role === 'COURIER' ? (user.courierId ?? null) : null,
  };
}
