import {
  AppError,
  customerStream,
  departmentGroupStream,
  splitDepartmentAccess,
} from '@nordlog/contracts';
import { customerDecider } from '../customers/decider.js';
import { departmentGroupDecider } from '../departmentGroups/decider.js';
import type { HandlerContext } from './handler.js';

/**
 * Ids a command refers to must name entities that exist: a list of ids that do not exist yet
 * would grant them the day they appear (docs/decisions/0018). Refused as a validation error of
 * the field, listing the unknown ids (at most 20 of them).
 */
export function unknownIds(field: string, unknown: readonly string[]): AppError {
  const shown = unknown.slice(0, 20).join(', ');
  const more = unknown.length > 20 ? ` and ${unknown.length - 20} more` : '';
  return AppError.of([
    {
      errorType: 'VALIDATION_ERROR',
      description: `payload.${field}: no such ids: ${shown}${more}`,
      params: { field, key: 'validation.unknownId' },
    },
  ]);
}

/** The ids (each once) for which `exists` says no. */
async function missing(
  ids: readonly string[],
  exists: (id: string) => Promise<boolean>,
): Promise<string[]> {
  const unknown: string[] = [];
  for (const id of new Set(ids)) if (!(await exists(id))) unknown.push(id);
  return unknown;
}

const refuseUnless = (field: string, unknown: string[]) => {
  if (unknown.length > 0) throw unknownIds(field, unknown);
};

export async function assertDepartmentsExist(
  ctx: Pick<HandlerContext, 'readDepartment'>,
  ids: readonly string[],
  field = 'departmentIds',
): Promise<void> {
  refuseUnless(field, await missing(ids, async (id) => (await ctx.readDepartment(id)) !== null));
}

/** A department access list (`group_{n}` allowed): its departments and groups must exist. */
export async function assertAccessExists(
  ctx: Pick<HandlerContext, 'readDepartment' | 'load'>,
  ids: readonly string[],
): Promise<void> {
  const { departmentIds, groupIds } = splitDepartmentAccess(ids);
  const groups = await missing(
    groupIds,
    async (id) =>
      (await ctx.load(departmentGroupStream(id), departmentGroupDecider)).status === 'exists',
  );
  refuseUnless('departmentIds', [
    ...(await missing(departmentIds, async (id) => (await ctx.readDepartment(id)) !== null)),
    ...groups.map((id) => `group_${id}`),
  ]);
}

/** Customers named by a command must exist. */
export async function assertCustomersExist(
  ctx: Pick<HandlerContext, 'load'>,
  ids: readonly string[],
  field = 'customerIds',
): Promise<void> {
  refuseUnless(
    field,
    await missing(
      ids,
      async (id) => (await ctx.load(customerStream(id), customerDecider)).status === 'exists',
    ),
  );
}
