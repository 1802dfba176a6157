import { namedFields, unitStream, type CourierProfile } from '@nordlog/contracts';
import type { Handler, HandlerContext } from '../framework/handler.js';
import { assertDepartmentsExist, unknownIds } from '../framework/references.js';
import { assertDepartmentsInScope } from '../framework/scope.js';
import { unitDecider } from '../units/decider.js';
import { createUser, onUser } from '../users/handlers.js';

/** The units a courier is given must exist (docs/decisions/0018: named ids exist). */
async function assertUnitsExist(ctx: HandlerContext, unitIds: readonly string[]): Promise<void> {
  const unknown: string[] = [];
  for (const id of new Set(unitIds))
    if ((await ctx.load(unitStream(id), unitDecider)).status !== 'exists') unknown.push(id);
  if (unknown.length > 0) throw unknownIds('unitIds', unknown);
}

/** The department of a courier: in the caller's access, and existing. */
async function assertDepartment(ctx: HandlerContext, departmentId: string): Promise<void> {
  assertDepartmentsInScope(ctx.identity, [departmentId]);
  await assertDepartmentsExist(ctx, [departmentId], 'departmentId');
}

/**
 * Courier users (spec §3 "Courier user"): users with the COURIER role whose courier id is their
 * own user id, working in one department (their department access), with a courier profile. They
 * are users: their phone number and e-mail are unique among ALL users (docs/decisions/0013), and
 * the granter may give no more than it holds (docs/decisions/0018).
 */
export const courierUserHandlers = {
  CREATE_COURIER_USER: (async ({ name, phoneNumber, email, ...profile }, ctx) => {
    await assertDepartment(ctx, profile.departmentId);
    await assertUnitsExist(ctx, profile.unitIds);
    const courier: CourierProfile = profile;
    return createUser(
      {
        name,
        phoneNumber,
        email,
        role: 'COURIER',
        access: [],
        departmentIds: [profile.departmentId],
        customerId: null,
        courierId: null,
        requiresEmail: false,
        requiresPwd: false,
      },
      ctx,
      (id, user) => ({ ...user, courierId: id, courier }),
    );
  }) satisfies Handler<'CREATE_COURIER_USER'>,
  /** Changes a courier user (one with the COURIER role) only; NOT_FOUND for any other user. */
  UPDATE_COURIER_USER: (async ({ id, ...payload }, ctx) => {
    const { name, phoneNumber, email, ...courier } = namedFields(payload);
    if (courier.departmentId !== undefined) await assertDepartment(ctx, courier.departmentId);
    if (courier.unitIds !== undefined) await assertUnitsExist(ctx, courier.unitIds);
    const fields = namedFields({ name, phoneNumber, email });
    return onUser(id, { type: 'updateCourier', id, fields, courier }, ctx, {
      change: {
        ...fields,
        ...(courier.departmentId !== undefined ? { departmentIds: [courier.departmentId] } : {}),
      },
      onlyRole: 'COURIER',
    });
  }) satisfies Handler<'UPDATE_COURIER_USER'>,
};
