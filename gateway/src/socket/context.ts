import {
  COURIER_LOCATIONS_ENTITY,
  customerScope,
  DEFAULT_CONTEXTS,
  denial,
  queryPermissions,
  restPermission,
  restResourceOfEntity,
  subscriptionContextSchema,
  type ChangeScope,
  type Identity,
  type SubscriptionContext,
} from '@nordlog/contracts';

const KEYS = [
  'dates',
  'departmentIds',
  'customerIds',
  'contexts',
  'types',
  'filters',
  'consignmentStates',
] as const;

/** The context of a socket from its query string (repeated keys, spec §7) or a JSON frame. */
export function parseContext(input: unknown, today: string): SubscriptionContext {
  const raw =
    input instanceof URLSearchParams
      ? Object.fromEntries(
          KEYS.map((k) => [
            k,
            input
              .getAll(k)
              .flatMap((v) => v.split(','))
              .filter(Boolean),
          ]),
        )
      : input;
  const context = subscriptionContextSchema.parse(raw);
  if (context.dates.length === 0) context.dates = [today];
  if (context.contexts.length === 0) context.contexts = [...DEFAULT_CONTEXTS];
  return context;
}

export interface ChangeForMatch {
  entity: string;
  scope: ChangeScope;
}

/**
 * The rows of an admin resource (contracts `restResources`) reach only users whose access lets
 * them read it with its query; other entities are not restricted by flags here.
 */
const mayRead = (identity: Identity, entity: string) => {
  // Courier positions reach only those who may query them (planners of live, dispatch, planning).
  if (entity === COURIER_LOCATIONS_ENTITY)
    return denial(identity, queryPermissions.courierLocationsByDepartmentId, 'query') === null;
  const resource = restResourceOfEntity(entity);
  return resource === null || denial(identity, restPermission(resource), 'query') === null;
};

const canSee = (identity: Identity, scope: ChangeScope) =>
  (identity.departmentIds === '*' ||
    scope.departmentId === null ||
    identity.departmentIds.includes(scope.departmentId)) &&
  (customerScope(identity)?.includes(scope.customerId ?? '') ?? true);

/**
 * Whether a change reaches a socket: the user may see it (`identity` with department groups
 * expanded, docs/decisions/0011), and it falls inside the context's
 * entity types, departments, customers and dates. Consignment states are not filtered here:
 * a row that leaves the accepted states must still reach the client, which drops it (spec §4).
 * A change without a department (or customer) reaches a context that names departments (or
 * customers) only when the context asks for its entity type by name.
 */
export function matches(
  context: SubscriptionContext,
  identity: Identity,
  change: ChangeForMatch,
): boolean {
  if (!mayRead(identity, change.entity) || !canSee(identity, change.scope)) return false;
  const askedByType = context.types.includes(change.entity);
  if (context.types.length > 0 && !askedByType) return false;
  const { departmentId, customerId, date } = change.scope;
  if (context.departmentIds.length > 0) {
    if (departmentId === null ? !askedByType : !context.departmentIds.includes(departmentId))
      return false;
  }
  if (context.customerIds.length > 0) {
    if (customerId === null ? !askedByType : !context.customerIds.includes(customerId))
      return false;
  }
  if (date !== null && !context.dates.includes(date)) return false;
  return true;
}
