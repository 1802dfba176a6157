import {
  AppError,
  DEPARTMENT_GROUP_PREFIX,
  ORDER_NOT_FOUND_MESSAGE,
  courierProfileOf,
  customerGroupStream,
  customerStream,
  departmentGroupStream,
  idsAt,
  changeScope,
  orderStream,
  recurringOrderStream,
  addressStream,
  referenceFields,
  roleStream,
  rowVisible,
  slotStream,
  templateStream,
  unitStream,
  userStream,
  webhookStream,
  VENDORS_STREAM,
  type ChangeScope,
  type CommandName,
  type ReferenceEntity,
} from '@nordlog/contracts';
import { orderDecider } from '../consignments/decider.js';
import { customerGroupDecider } from '../customerGroups/decider.js';
import { customerDecider } from '../customers/decider.js';
import { departmentGroupDecider } from '../departmentGroups/decider.js';
import { slotDecider } from '../slots/decider.js';
import { templateDecider } from '../templates/decider.js';
import { unitDecider } from '../units/decider.js';
import { roleDecider, userDecider } from '../users/decider.js';
import { recurringOrderDecider } from '../recurring/decider.js';
import { addressDecider } from '../addressBook/decider.js';
import { webhookDecider } from '../webhooks/decider.js';
import { vendorsDecider } from '../vendors/decider.js';
import type { HandlerContext } from './handler.js';

type Reader = Pick<HandlerContext, 'loadMany' | 'readDepartment'>;
type Scopes = (ctx: Reader, ids: readonly string[]) => Promise<(ChangeScope | null)[]>;

/** The scopes of entities of one stream kind, all read in one round trip (0043). */
const fromStreams =
  <S>(
    stream: (id: string) => string,
    decider: Parameters<Reader['loadMany']>[1] & { initialState: S },
    scopeOf: (state: S, id: string) => ChangeScope | null,
  ): Scopes =>
  async (ctx, ids) =>
    (await ctx.loadMany(ids.map(stream), decider)).map(({ state }, i) =>
      scopeOf(state as S, ids[i]!),
    );

/**
 * The scope of an entity as its own stream tells it (the command side reads no read model), in
 * the shape its read-model row's `scope` has (contracts/entities.ts), or null when there is none;
 * for many ids of one kind at once (an UPDATE_ROUTE names every consignment on the slot).
 */
const scopes: Record<Exclude<ReferenceEntity, 'departmentAccess'>, Scopes> = {
  // Every vendor is on one stream (0091): read once for all the ids.
  vendors: async (ctx, ids) => {
    const [loaded] = await ctx.loadMany([VENDORS_STREAM], vendorsDecider);
    const { vendors } = loaded!.state;
    return ids.map((id) => {
      const vendor = vendors[id];
      return vendor ? changeScope({ departmentId: vendor.departmentId }) : null;
    });
  },
  departments: (ctx, ids) =>
    Promise.all(
      ids.map(async (id) =>
        (await ctx.readDepartment(id)) ? changeScope({ departmentId: id }) : null,
      ),
    ),
  customers: fromStreams(customerStream, customerDecider, (s, id) =>
    s.status === 'exists'
      ? changeScope({ departmentId: s.entity.departmentId ?? null, customerId: id })
      : null,
  ),
  orders: fromStreams(orderStream, orderDecider, (s) =>
    s.status === 'booked'
      ? changeScope({ departmentId: s.departmentId, customerId: s.customerId })
      : null,
  ),
  slots: fromStreams(slotStream, slotDecider, (s) =>
    s.status === 'exists'
      ? changeScope({ departmentId: s.slot.departmentId, courierId: s.slot.courierId })
      : null,
  ),
  couriers: fromStreams(userStream, userDecider, (s) => {
    if (s.status !== 'exists' || s.entity.role !== 'COURIER') return null;
    const profile = courierProfileOf(s.entity);
    return profile ? changeScope({ departmentId: profile.departmentId }) : null;
  }),
  units: fromStreams(unitStream, unitDecider, (s) => {
    if (s.status !== 'exists') return null;
    const { departmentId, assignedDepartmentId } = s.entity;
    return changeScope({
      departmentId,
      departmentIds: [departmentId, ...(assignedDepartmentId ? [assignedDepartmentId] : [])],
    });
  }),
  templates: fromStreams(templateStream, templateDecider, (s) =>
    s.status === 'exists' ? changeScope({ departmentId: s.template.departmentId }) : null,
  ),
  users: fromStreams(userStream, userDecider, (s) =>
    s.status === 'exists' ? changeScope({ departmentIds: [...s.entity.departmentIds] }) : null,
  ),
  roles: fromStreams(roleStream, roleDecider, (s) =>
    s.status === 'exists' ? changeScope({}) : null,
  ),
  departmentGroups: fromStreams(departmentGroupStream, departmentGroupDecider, (s) =>
    s.status === 'exists' ? changeScope({ departmentIds: [...s.entity.departmentIds] }) : null,
  ),
  customerGroups: fromStreams(customerGroupStream, customerGroupDecider, (s) =>
    s.status === 'exists' ? changeScope({}) : null,
  ),
  recurringOrders: fromStreams(recurringOrderStream, recurringOrderDecider, (s) =>
    s.status === 'exists' ? changeScope({ departmentId: s.entity.departmentId }) : null,
  ),
  webhooks: fromStreams(webhookStream, webhookDecider, (s) =>
    s.status === 'exists'
      ? changeScope({ departmentId: s.entity.departmentId, customerId: s.entity.customerId })
      : null,
  ),
  addresses: fromStreams(addressStream, addressDecider, (s) =>
    s.status === 'exists'
      ? changeScope({ departmentId: s.entity.departmentId, customerId: s.entity.customerId })
      : null,
  ),
};

const labels: Record<Exclude<ReferenceEntity, 'departmentAccess' | 'orders'>, string> = {
  departments: 'Department',
  customers: 'Customer',
  slots: 'Slot',
  couriers: 'Courier',
  units: 'Unit',
  templates: 'Template',
  users: 'User',
  roles: 'Role',
  departmentGroups: 'Department group',
  customerGroups: 'Customer group',
  recurringOrders: 'Recurring order',
  addresses: 'Address',
  webhooks: 'Webhook',
  vendors: 'Vendor',
};

/** The entity an id of a reference field names (a department access entry may be a group). */
function entityOf(
  entity: ReferenceEntity,
  id: string,
): { name: Exclude<ReferenceEntity, 'departmentAccess'>; id: string } {
  if (entity !== 'departmentAccess') return { name: entity, id };
  return id.startsWith(DEPARTMENT_GROUP_PREFIX)
    ? { name: 'departmentGroups', id: id.slice(DEPARTMENT_GROUP_PREFIX.length) }
    : { name: 'departments', id };
}

/** The refusal a read of a missing or unreadable entity answers (404, the same for both). */
function notFound(name: Exclude<ReferenceEntity, 'departmentAccess'>, id: string, field: string) {
  if (name === 'orders')
    return new AppError('ORDER_NOT_FOUND', `${ORDER_NOT_FOUND_MESSAGE}: ${id}`, { field });
  return new AppError('NOT_FOUND', `${labels[name]} ${id} not found`, { field });
}

/**
 * Every id the command's declared reference fields hold (contracts/commandReferences.ts) exists
 * and is readable by the caller; else the command is refused before its handler runs, with the
 * 404 a read of the entity answers (docs/decisions/0039): the first id in the payload's order
 * that is not. The ids of every kind are read together, in one round trip (0043, 0045).
 */
export async function assertReferencesReadable(
  ctx: Reader & Pick<HandlerContext, 'identity'>,
  name: CommandName,
  payload: unknown,
): Promise<void> {
  const named = referenceFields(name).flatMap(({ path, entity }) =>
    idsAt(payload, path).map((id) => ({ path, id, target: entityOf(entity, id) })),
  );
  if (named.length === 0) return;
  const byKind = new Map<Exclude<ReferenceEntity, 'departmentAccess'>, Set<string>>();
  for (const { target } of named)
    byKind.set(target.name, (byKind.get(target.name) ?? new Set()).add(target.id));
  const readable = new Set<string>();
  // All kinds at once: their reads (and the command's prefetch) go to the store together.
  await Promise.all(
    [...byKind].map(async ([kind, idSet]) => {
      const ids = [...idSet];
      const found = await scopes[kind](ctx, ids);
      ids.forEach((id, i) => {
        const scope = found[i];
        if (scope && rowVisible(ctx.identity, kind, { id, scope })) readable.add(`${kind}:${id}`);
      });
    }),
  );
  const first = named.find(({ target }) => !readable.has(`${target.name}:${target.id}`));
  if (first) throw notFound(first.target.name, first.id, first.path.replace(/\[\]/g, ''));
}
