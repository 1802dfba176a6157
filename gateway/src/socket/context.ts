import {
  DEFAULT_CONTEXTS,
  mayReadRow,
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
  id: string;
  scope: ChangeScope;
}

/** The departments a change belongs to (several for a courier's position, a group, a user). */
const departmentsOf = (scope: ChangeScope): string[] =>
  scope.departmentIds ?? (scope.departmentId === null ? [] : [scope.departmentId]);

/**
 * Whether a change reaches a socket. First the one rule of contracts (`mayReadRow`, which the
 * query service applies to its answers too): the user could read the row with one of the
 * entity's queries (`identity` with department groups expanded, docs/decisions/0011, 0018).
 * Then the context: entity types, departments, customers and dates. Consignment states are not
 * filtered here: a row that leaves the accepted states must still reach the client, which drops
 * it (spec §4). A change without a department (or customer) reaches a context that names
 * departments (or customers) only when the context asks for its entity type by name.
 */
export function matches(
  context: SubscriptionContext,
  identity: Identity,
  change: ChangeForMatch,
): boolean {
  if (!mayReadRow(identity, change.entity, change)) return false;
  const askedByType = context.types.includes(change.entity);
  if (context.types.length > 0 && !askedByType) return false;
  const { customerId, date } = change.scope;
  if (context.departmentIds.length > 0) {
    const departments = departmentsOf(change.scope);
    if (
      departments.length === 0
        ? !askedByType
        : !departments.some((id) => context.departmentIds.includes(id))
    )
      return false;
  }
  if (context.customerIds.length > 0) {
    if (customerId === null ? !askedByType : !context.customerIds.includes(customerId))
      return false;
  }
  if (date !== null && !context.dates.includes(date)) return false;
  return true;
}
