import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { canOpen } from '../../access/routes';
import { useShell } from '../../app/UserContext';
import { usePageTitle } from '../../layout/pageTitle';
import { DayHeader, NoSlotsRow } from '../planning/DayHeader';
import { useDaySlots } from '../planning/queries';
import { livePath, overviewPath } from './liveData';
import { OverviewTableRow } from './OverviewTableRow';
import {
  nextSort,
  overviewColumns,
  overviewRows,
  sortRows,
  type OverviewColumn,
  type OverviewSort,
} from './overviewData';

/** Columns whose figures are numbers: right-aligned. */
const numeric = new Set<OverviewColumn>(['distance', 'driving', 'stops', 'late', 'end']);

/**
 * The routes overview (spec §2 `/routes-overview/{date?}/*`): every slot of the department's day
 * with its figures from query `slots` (no stops: `excludeRoutePoints`): courier, unit, state,
 * kilometres, driving time, stops done and left, load against each capacity, late stops and end
 * time; sorted by any column; live through the socket like the planning board (the slots a change
 * concerns are fetched again). A row opens its slot on the live view.
 */
export default function RoutesOverviewPage() {
  const translate = useTranslate();
  const { user } = useShell();
  usePageTitle('routesOverview.title');
  const { departmentId = '', '*': rest } = useParams();
  const { dep, date, slots, query, loading, units, couriers } = useDaySlots(
    departmentId,
    rest?.split('/')[0],
    { includeProgress: true, excludeRoutePoints: true },
  );
  const [sort, setSort] = useState<OverviewSort | null>(null);
  const rows = useMemo(
    () => sortRows(overviewRows(slots, units.data ?? [], couriers.data ?? []), sort),
    [slots, units.data, couriers.data, sort],
  );
  const mayLive = canOpen(user, '/planner/:departmentId/live/*');

  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <DayHeader
        title={`${translate('routesOverview.title')}${dep.option ? ` · ${dep.option.name}` : ''}`}
        date={date}
        pathOf={(day) => overviewPath(departmentId, day)}
      >
        {mayLive ? (
          <Button component={RouterLink} to={livePath(departmentId, date)} color="secondary">
            {translate('live.title')}
          </Button>
        ) : null}
      </DayHeader>
      {query.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('routesOverview.title')}>
          <TableHead>
            <TableRow>
              {overviewColumns.map((column) => {
                const active = sort?.column === column;
                return (
                  <TableCell
                    key={column}
                    align={numeric.has(column) ? 'right' : 'left'}
                    sortDirection={active ? sort.direction : false}
                    sx={{ whiteSpace: 'nowrap' }}
                  >
                    <TableSortLabel
                      active={active}
                      direction={active ? sort.direction : 'asc'}
                      onClick={() => setSort((current) => nextSort(current, column))}
                    >
                      {translate(`routesOverview.columns.${column}`)}
                    </TableSortLabel>
                  </TableCell>
                );
              })}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <NoSlotsRow loading={loading} colSpan={overviewColumns.length} />
            ) : (
              rows.map((row) => (
                <OverviewTableRow
                  key={row.id}
                  row={row}
                  to={mayLive ? livePath(departmentId, row.date, row.id) : null}
                  timeZone={dep.timeZone}
                  numeric={numeric}
                />
              ))
            )}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
