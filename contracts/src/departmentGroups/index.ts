import { z } from 'zod';
import { updateShape } from '../updates.js';
import { entityId, idSet, nonEmptyText } from '../common.js';
import type { Identity } from '../identity.js';

export const DEPARTMENT_GROUPS_TABLE = 'rm_department_groups';
export const DEPARTMENT_GROUPS_ENTITY = 'departmentGroups';

/** Spec §3 groups: name, description and departments. */
const fields = {
  name: nonEmptyText.max(200),
  description: z.string().trim().max(1000).default(''),
  departmentIds: idSet.default([]),
};

export const createDepartmentGroupSchema = z.object(fields);
export const updateDepartmentGroupSchema = z.object({
  id: entityId,
  ...updateShape(fields),
});
export const deleteDepartmentGroupSchema = z.object({ id: entityId });

export type DepartmentGroupFields = z.output<typeof createDepartmentGroupSchema>;
export interface DepartmentGroup extends DepartmentGroupFields {
  id: string;
}
export interface DepartmentGroupRow extends DepartmentGroup {
  revision: number;
  updatedAtEpoch: number;
  /** Deleted: kept as a tombstone in the read model, never answered. */
  deleted: boolean;
}

export type DepartmentGroupEvent =
  | { type: 'DepartmentGroupCreated'; data: DepartmentGroup }
  | {
      type: 'DepartmentGroupUpdated';
      data: { id: string; changes: Partial<DepartmentGroupFields> };
    }
  | { type: 'DepartmentGroupDeleted'; data: { id: string } };

export const departmentGroupStream = (id: string) => `department-group-${id}`;

export const departmentGroupCommandSchemas = {
  CREATE_DEPARTMENT_GROUP: createDepartmentGroupSchema,
  UPDATE_DEPARTMENT_GROUP: updateDepartmentGroupSchema,
  DELETE_DEPARTMENT_GROUP: deleteDepartmentGroupSchema,
} as const;

/** Query `departmentGroups {excludeEmpty}` (spec §7). */
export const departmentGroupsQuerySchema = z.object({
  excludeEmpty: z.boolean().default(false),
  ids: z.array(entityId).optional(),
});

/** Spec §2: a department group `n` is addressed as `group_{n}` in access lists and URLs. */
export const DEPARTMENT_GROUP_PREFIX = 'group_';
export const departmentGroupAccessId = (groupId: string) => `${DEPARTMENT_GROUP_PREFIX}${groupId}`;

/** The plain department ids and the group ids (`n` of `group_{n}`) of a department access list. */
export function splitDepartmentAccess(ids: readonly string[]): {
  departmentIds: string[];
  groupIds: string[];
} {
  const departmentIds: string[] = [];
  const groupIds: string[] = [];
  for (const id of ids) {
    if (id.startsWith(DEPARTMENT_GROUP_PREFIX))
      groupIds.push(id.slice(DEPARTMENT_GROUP_PREFIX.length));
    else departmentIds.push(id);
  }
  return { departmentIds, groupIds };
}

/**
 * An identity whose department access may hold `group_{n}`, with each group replaced by its
 * current member departments (`members`: group id → department ids; an unknown or deleted group
 * expands to nothing). The groups themselves stay in `departmentGroupIds`.
 */
export function expandIdentity(
  identity: Identity,
  members: ReadonlyMap<string, readonly string[]>,
): Identity {
  if (identity.departmentIds === '*') return { ...identity, departmentGroupIds: [] };
  const { departmentIds, groupIds } = splitDepartmentAccess(identity.departmentIds);
  const expanded = new Set(departmentIds);
  for (const groupId of groupIds) for (const id of members.get(groupId) ?? []) expanded.add(id);
  return { ...identity, departmentIds: [...expanded], departmentGroupIds: groupIds };
}
