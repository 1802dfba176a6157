import { useQuery } from '@tanstack/react-query';
import { HttpFailure } from '../errors/parse';
import { runQuery } from '../shell/api';

export interface DepartmentOption {
  /** A plain id or `group_{n}` (spec §2). */
  id: string;
  name: string;
  country?: string;
  group: boolean;
  /** The departments a group stands for (a plain department: itself). */
  members: string[];
}

interface DepartmentRow {
  id: string;
  name: string;
  country: string;
}
interface GroupRow {
  id: string;
  name: string;
  departmentIds: string[];
}

/** The departments and department groups the user may plan for (the server scopes both). */
export function useDepartmentOptions() {
  return useQuery(departmentOptionsQuery);
}

/** The query of `useDepartmentOptions`, for a prefetch before a page has loaded. */
export const departmentOptionsQuery = {
  queryKey: ['departmentOptions'],
  staleTime: 60_000,
  queryFn: async (): Promise<DepartmentOption[]> => {
    const [departments, groups] = await Promise.all([
      runQuery<DepartmentRow[]>('departments', {}),
      runQuery<GroupRow[]>('departmentGroups', { excludeEmpty: true }).catch((err: unknown) => {
        // A user without group access (403) simply has no groups to pick.
        if (err instanceof HttpFailure && (err.status === 403 || err.status === 404)) return [];
        throw err;
      }),
    ]);
    return [
      ...groups.map((g) => ({
        id: `group_${g.id}`,
        name: g.name,
        group: true,
        members: g.departmentIds.map(String),
      })),
      ...departments
        .slice()
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((d) => ({
          id: String(d.id),
          name: d.name,
          country: d.country,
          group: false,
          members: [String(d.id)],
        })),
    ];
  },
};

/** A department id of a URL names a group (`group_{n}`), else one plain department. */
export const isGroupId = (id: string): boolean => id.startsWith('group_');

/**
 * The plain departments a URL's department (or group) stands for. A plain id stands for itself
 * at once, so a page's data can be asked for before the department list has arrived (the server
 * answers only what the user may see); a group's members come with the list (none before it).
 */
export function departmentMembers(
  id: string,
  options: readonly DepartmentOption[] | undefined,
): string[] {
  if (!id) return [];
  if (!isGroupId(id)) return [id];
  return options?.find((d) => d.id === id)?.members ?? [];
}
