import {
  AppError,
  namedFields,
  unitIssues,
  unitStream,
  userStream,
  type Identity,
  type UnitFields,
  type ValidationKey,
} from '@nordlog/contracts';
import { fieldErrors } from '@nordlog/platform';
import { target } from '../framework/decider.js';
import { newId, type Handler, type HandlerContext } from '../framework/handler.js';
import type { ReferenceCommand, ReferenceState } from '../framework/referenceDecider.js';
import { assertDepartmentsExist, unknownIds } from '../framework/references.js';
import { assertDepartmentsInScope } from '../framework/scope.js';
import { userDecider } from '../users/decider.js';
import { unitDecider } from './decider.js';

type UnitState = ReferenceState<UnitFields & { id: string }>;

/** A department a command names: in the caller's access, and existing. */
async function assertDepartment(
  ctx: HandlerContext,
  departmentId: string,
  field: string,
): Promise<void> {
  assertDepartmentsInScope(ctx.identity, [departmentId]);
  await assertDepartmentsExist(ctx, [departmentId], field);
}

/** The courier users of a unit: existing users with the COURIER role (docs/decisions/0018). */
export async function assertCourierUsers(
  ctx: HandlerContext,
  ids: readonly string[],
): Promise<void> {
  const unknown: string[] = [];
  for (const id of new Set(ids)) {
    const user = await ctx.load(userStream(id), userDecider);
    if (user.status !== 'exists' || user.entity.role !== 'COURIER') unknown.push(id);
  }
  if (unknown.length > 0) throw unknownIds('courierUserIds', unknown);
}

/** The cross-field rules of spec §5, on a whole unit (a create, or the merged result of an update). */
export function assertUnitRules(unit: Parameters<typeof unitIssues>[0]): void {
  const issues = unitIssues(unit);
  if (issues.length > 0)
    throw fieldErrors(issues.map((i) => ({ path: [i.path], message: i.message as ValidationKey })));
}

/** The unit's own department must be in the caller's access (a vehicle's lender's, too). */
const inScope =
  (identity: Identity, alsoAssigned = false) =>
  (state: UnitState) => {
    if (state.status !== 'exists') return; // the decider says not found
    const { departmentId, assignedDepartmentId } = state.entity;
    if (alsoAssigned && assignedDepartmentId && identity.departmentIds !== '*') {
      if (identity.departmentIds.includes(assignedDepartmentId)) return;
    }
    assertDepartmentsInScope(identity, [departmentId]);
  };

/**
 * A change of named fields of a unit: decided again on the newer state when it loses a race, so
 * two updates of different fields both apply; `check` sees the unit as the change leaves it.
 */
function onUnit(
  id: string,
  fields: Partial<UnitFields>,
  identity: Identity,
  options: { check?: (unit: UnitFields) => void; alsoAssigned?: boolean } = {},
) {
  const command: ReferenceCommand<UnitFields> = { type: 'update', id, fields };
  const scope = inScope(identity, options.alsoAssigned);
  return [
    target({
      id,
      streamId: unitStream(id),
      decider: unitDecider,
      command,
      redecide: true,
      guard: (state: UnitState) => {
        scope(state);
        if (state.status === 'exists') options.check?.({ ...state.entity, ...fields });
      },
    }),
  ];
}

/** Refuses a command meant for a vehicle record when the id is a unit. */
const vehicleOnly = (id: string) => (unit: UnitFields) => {
  if (unit.isUnit) throw new AppError('NOT_FOUND', `No vehicle has the id ${id}`);
};

/**
 * Units and vehicles (spec §3 "Unit/vehicle (courier form)"; one entity, `isUnit` tells them
 * apart, docs/decisions/0021-planning.md). Planners act on those of their departments.
 */
export const unitHandlers = {
  CREATE_UNIT: (async (fields, ctx) => {
    await assertDepartment(ctx, fields.departmentId, 'departmentId');
    if (fields.assignedDepartmentId)
      await assertDepartment(ctx, fields.assignedDepartmentId, 'assignedDepartmentId');
    await assertCourierUsers(ctx, fields.courierUserIds);
    const id = await newId(ctx, 'unit');
    return [
      target({
        id,
        streamId: unitStream(id),
        isNew: true,
        decider: unitDecider,
        command: { type: 'create', id, fields } satisfies ReferenceCommand<UnitFields>,
      }),
    ];
  }) satisfies Handler<'CREATE_UNIT'>,
  /** The named fields, merged into the stored unit; the result must meet the form's rules. */
  UPDATE_UNIT: (async ({ id, ...payload }, ctx) => {
    const fields = namedFields(payload) as Partial<UnitFields>;
    if (fields.departmentId !== undefined)
      await assertDepartment(ctx, fields.departmentId, 'departmentId');
    if (fields.assignedDepartmentId)
      await assertDepartment(ctx, fields.assignedDepartmentId, 'assignedDepartmentId');
    if (fields.courierUserIds !== undefined) await assertCourierUsers(ctx, fields.courierUserIds);
    return onUnit(id, fields, ctx.identity, { check: assertUnitRules });
  }) satisfies Handler<'UPDATE_UNIT'>,
  /** Sets isActive false; a unit that is inactive already is left as it is. */
  DEACTIVATE_UNIT: (({ id }, ctx) =>
    onUnit(id, { isActive: false }, ctx.identity)) satisfies Handler<'DEACTIVATE_UNIT'>,
  /** Lends a vehicle to another department: it is listed and usable there too. */
  ASSIGN_VEHICLE_TO_DEPARTMENT: (async ({ vehicleId, departmentId }, ctx) => {
    await assertDepartment(ctx, departmentId, 'departmentId');
    return onUnit(vehicleId, { assignedDepartmentId: departmentId }, ctx.identity, {
      check: vehicleOnly(vehicleId),
    });
  }) satisfies Handler<'ASSIGN_VEHICLE_TO_DEPARTMENT'>,
  /** Takes the vehicle back: by a planner of its own department or of the one it was lent to. */
  UNASSIGN_VEHICLE_FROM_DEPARTMENT: (({ vehicleId }, ctx) =>
    onUnit(vehicleId, { assignedDepartmentId: null }, ctx.identity, {
      check: vehicleOnly(vehicleId),
      alsoAssigned: true,
    })) satisfies Handler<'UNASSIGN_VEHICLE_FROM_DEPARTMENT'>,
};
