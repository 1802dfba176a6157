import type { CourierLocation } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { runQuery } from '../../shell/api';

/**
 * The couriers' latest positions (query `courierLocationsByDepartmentId`, spec §7), one query per
 * department of a group. The socket pushes each new report as a `courierLocations` row, which
 * replaces the cached one (ui/src/resources/registry.ts, live/applyChanges): no polling.
 */
export const courierLocationsKey = (departmentIds: readonly string[]) =>
  ['courierLocations', 'rows', { departmentIds: [...departmentIds] }] as const;

export function useCourierLocations(departmentIds: string[]) {
  return useQuery({
    queryKey: courierLocationsKey(departmentIds),
    enabled: departmentIds.length > 0,
    queryFn: async () => {
      const answers = await Promise.all(
        departmentIds.map((departmentId) =>
          runQuery<CourierLocation[]>('courierLocationsByDepartmentId', { departmentId }),
        ),
      );
      // A courier of several departments of the group comes once.
      return [...new Map(answers.flat().map((r) => [String(r.id), r])).values()];
    },
  });
}
