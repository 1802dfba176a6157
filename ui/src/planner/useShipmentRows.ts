import type { ConsignmentRow } from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { runQuery } from '../shell/api';
import { consignmentsPageParams } from './rowsParams';
import { loadAllRows, rowsKey, type RowsParams } from './shipmentsData';

/**
 * The shipments grid's rows (query `consignments`, every page of the range) and how many have
 * come so far. The query is started while the page renders (as the board's are, planning/
 * queries.ts), not in the effects after its first render: on a fresh start-up that first render
 * is a few hundred milliseconds of the app's work, which the rows now spend on their way
 * (docs/decisions/0046-web-start-up.md, addendum).
 */
export function useShipmentRows(params: RowsParams, enabled: boolean) {
  const client = useQueryClient();
  const queryKey = rowsKey(params);
  const keyText = JSON.stringify(queryKey);
  // The progress of the load of this key (a load started during a render sets it only later,
  // page by page, never while rendering).
  const [progress, setProgress] = useState({ key: '', loaded: 0 });
  const options = {
    queryKey,
    queryFn: async () => {
      const { rows, truncated } = await loadAllRows(
        (offset, limit) =>
          runQuery<ConsignmentRow[]>('consignments', consignmentsPageParams(params, offset, limit)),
        (loaded) => setProgress({ key: keyText, loaded }),
      );
      return { data: rows, truncated };
    },
  };
  if (enabled && !client.getQueryState(queryKey)) void client.prefetchQuery(options);
  const query = useQuery({ ...options, enabled });
  return { query, progress: progress.key === keyText ? progress.loaded : 0 };
}
