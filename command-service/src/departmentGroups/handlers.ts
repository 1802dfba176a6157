import {
  departmentGroupStream,
  type DepartmentGroupFields,
  type Identity,
} from '@nordlog/contracts';
import { target } from '../framework/decider.js';
import { newId, type Handler } from '../framework/handler.js';
import type { ReferenceCommand, ReferenceState } from '../framework/referenceDecider.js';
import { assertDepartmentsExist } from '../framework/references.js';
import { assertDepartmentsInScope } from '../framework/scope.js';
import { departmentGroupDecider } from './decider.js';

type State = ReferenceState<DepartmentGroupFields & { id: string }>;

/**
 * A caller who does not see every department may only group departments of their own access, and
 * may change or delete only groups made of such departments (like orders of other departments).
 */
const onGroup = (
  id: string,
  command: ReferenceCommand<DepartmentGroupFields>,
  identity: Identity,
) => [
  target({
    id,
    streamId: departmentGroupStream(id),
    decider: departmentGroupDecider,
    command,
    redecide: command.type === 'update',
    guard: (state: State) => {
      if (state.status !== 'none') assertDepartmentsInScope(identity, state.entity.departmentIds);
    },
  }),
];

export const departmentGroupHandlers = {
  CREATE_DEPARTMENT_GROUP: (async (fields, ctx) => {
    assertDepartmentsInScope(ctx.identity, fields.departmentIds);
    await assertDepartmentsExist(ctx, fields.departmentIds);
    const id = await newId(ctx, 'department_group');
    return [
      target({
        id,
        streamId: departmentGroupStream(id),
        isNew: true,
        decider: departmentGroupDecider,
        command: { type: 'create', id, fields },
      }),
    ];
  }) satisfies Handler<'CREATE_DEPARTMENT_GROUP'>,
  UPDATE_DEPARTMENT_GROUP: (async ({ id, ...fields }, ctx) => {
    if (fields.departmentIds) {
      assertDepartmentsInScope(ctx.identity, fields.departmentIds);
      await assertDepartmentsExist(ctx, fields.departmentIds);
    }
    return onGroup(id, { type: 'update', id, fields: definedOnly(fields) }, ctx.identity);
  }) satisfies Handler<'UPDATE_DEPARTMENT_GROUP'>,
  DELETE_DEPARTMENT_GROUP: (({ id }, ctx) =>
    onGroup(id, { type: 'delete', id }, ctx.identity)) satisfies Handler<'DELETE_DEPARTMENT_GROUP'>,
};

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as Partial<T>;
}
