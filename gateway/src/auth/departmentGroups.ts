import {
  DEPARTMENT_GROUPS_TABLE,
  expandIdentity,
  splitDepartmentAccess,
  type DepartmentGroupRow,
  type Identity,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';

/** A group's members as of one revision of its read-model row. */
export interface GroupMembers {
  revision: number;
  departmentIds: string[];
}

/**
 * Department groups in access lists (`group_{n}`, spec §2), expanded from the read model on each
 * request, so a membership change takes effect without a new login (docs/decisions/0011). Only
 * callers with groups in their access pay for the lookup (one query by primary key).
 */
export class DepartmentGroupDirectory {
  constructor(private readonly knex: Knex) {}

  /** The current members of these groups; a deleted or unknown group is left out. */
  async members(groupIds: readonly string[]): Promise<Map<string, GroupMembers>> {
    if (groupIds.length === 0) return new Map();
    const rows = await this.knex(DEPARTMENT_GROUPS_TABLE)
      .whereIn('id', [...groupIds])
      .where('deleted', false)
      .select<{ data: DepartmentGroupRow }[]>('data');
    return new Map(
      rows.map(({ data }) => [
        data.id,
        { revision: data.revision, departmentIds: data.departmentIds },
      ]),
    );
  }

  /** The identity with its groups replaced by their member departments. */
  async expand(identity: Identity): Promise<Identity> {
    const groupIds =
      identity.departmentIds === '*' ? [] : splitDepartmentAccess(identity.departmentIds).groupIds;
    const members = await this.members(groupIds);
    return expandIdentity(identity, departmentsOf(members));
  }
}

export const departmentsOf = (members: ReadonlyMap<string, GroupMembers>) =>
  new Map([...members].map(([id, m]) => [id, m.departmentIds]));
