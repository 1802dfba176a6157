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
  referenceFields,
  roleStream,
  rowVisible,
  slotStream,
  templateStream,
  unitStream,
  userStream,
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
import type { HandlerContext } from './handler.js';

type Reader = Pick<HandlerContext, 'load' | 'readDepartment'>;

/**
 * The scope of an entity as its own stream tells it (the command side reads no read model), in
 * the shape its read-model row's `scope` has (contracts/entities.ts), or null when there is none.
 */
const scopes: Record<
  Exclude<ReferenceEntity, 'departmentAccess'>,
  (ctx: Reader, id: string) => Promise<ChangeScope | null>
> = {
  departments: async (ctx, id) =>
    (await ctx.readDepartment(id)) ? changeScope({ departmentId: id }) : null,
  customers: async (ctx, id) => {
    const s = await ctx.load(customerStream(id), customerDecider);
    return s.status === 'exists'
      ? changeScope({ departmentId: s.entity.departmentId ?? null, customerId: id })
      : null;
  },
  orders: async (ctx, id) => {
    const s = await ctx.load(orderStream(id), orderDecider);
    return s.status === 'booked'
      ? changeScope({ departmentId: s.departmentId, customerId: s.customerId })
      : null;
  },
  slots: async (ctx, id) => {
    const s = await ctx.load(slotStream(id), slotDecider);
    return s.status === 'exists'
      ? changeScope({ departmentId: s.slot.departmentId, courierId: s.slot.courierId })
      : null;
  },
  couriers: async (ctx, id) => {
    const s = await ctx.load(userStream(id), userDecider);
    if (s.status !== 'exists' || s.entity.role !== 'COURIER') return null;
    const profile = courierProfileOf(s.entity);
    return profile ? changeScope({ departmentId: profile.departmentId }) : null;
  },
  units: async (ctx, id) => {
    const s = await ctx.load(unitStream(id), unitDecider);
    if (s.status !== 'exists') return null;
    const { departmentId, assignedDepartmentId } = s.entity;
    return changeScope({
      departmentId,
      departmentIds: [departmentId, ...(assignedDepartmentId ? [assignedDepartmentId] : [])],
    });
  },
  templates: async (ctx, id) => {
    const s = await ctx.load(templateStream(id), templateDecider);
    return s.status === 'exists' ? changeScope({ departmentId: s.template.departmentId }) : null;
  },
  users: async (ctx, id) => {
    const s = await ctx.load(userStream(id), userDecider);
    return s.status === 'exists'
      ? changeScope({ departmentIds: [...s.entity.departmentIds] })
      : null;
  },
  roles: async (ctx, id) =>
    (await ctx.load(roleStream(id), roleDecider)).status === 'exists' ? changeScope({}) : null,
  departmentGroups: async (ctx, id) => {
    const s = await ctx.load(departmentGroupStream(id), departmentGroupDecider);
    return s.status === 'exists'
      ? changeScope({ departmentIds: [...s.entity.departmentIds] })
      : null;
  },
  customerGroups: async (ctx, id) =>
    (await ctx.load(customerGroupStream(id), customerGroupDecider)).status === 'exists'
      ? changeScope({})
      : null,
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

/** Whether the caller reads this entity: it exists and its scope passes the entity's read rule. */
export async function mayReadReference(
  ctx: Reader & Pick<HandlerContext, 'identity'>,
  entity: ReferenceEntity,
  rawId: string,
): Promise<boolean> {
  const { name, id } = entityOf(entity, rawId);
  const found = await scopes[name](ctx, id);
  return found !== null && rowVisible(ctx.identity, name, { id, scope: found });
}

/**
 * Every id the command's declared reference fields hold (contracts/commandReferences.ts) exists
 * and is readable by the caller; else the command is refused before its handler runs, with the
 * 404 a read of the entity answers (docs/decisions/0039).
 */
export async function assertReferencesReadable(
  ctx: Reader & Pick<HandlerContext, 'identity'>,
  name: CommandName,
  payload: unknown,
): Promise<void> {
  for (const { path, entity } of referenceFields(name))
    for (const id of idsAt(payload, path))
      if (!(await mayReadReference(ctx, entity, id))) {
        const target = entityOf(entity, id);
        throw notFound(target.name, id, path.replace(/\[\]/g, ''));
      }
}
