import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate } from 'react-router-dom';
import { normalizeLocale } from '../../i18n/locales';
import { formatNumber } from '../../i18n/numbers';
import { barText } from '../planning/CapacityBars';
import { capacityBars, clockTime } from '../planning/planningData';
import { slotStateColor } from '../planning/SlotCard';
import {
  hoursAndMinutes,
  overviewColumns,
  type OverviewColumn,
  type OverviewRow,
} from './overviewData';

/** One slot of the routes overview; the row (and its name, a link) opens the slot's live view. */
export function OverviewTableRow({
  row,
  to,
  timeZone,
  numeric,
}: {
  row: OverviewRow;
  /** The slot's live view, or null when the user may not open it. */
  to: string | null;
  timeZone: string;
  numeric: ReadonlySet<OverviewColumn>;
}) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const navigate = useNavigate();
  const km = formatNumber(row.distanceKm, locale, { digits: 1, minDigits: 1 });
  const cells: Record<OverviewColumn, ReactNode> = {
    slot: to ? (
      <Link component={RouterLink} to={to} onClick={(e) => e.stopPropagation()}>
        {row.name}
      </Link>
    ) : (
      row.name
    ),
    courier: row.courier ?? translate('planning.slot.none'),
    unit: row.unit ?? translate('planning.slot.none'),
    state: (
      <Chip
        size="small"
        label={translate(`enums.slotState.${row.state}`)}
        color={slotStateColor(row.state)}
        variant={row.state === 'NOT_STARTED' ? 'outlined' : 'filled'}
      />
    ),
    distance: km,
    driving: translate('routesOverview.duration', hoursAndMinutes(row.drivingMinutes)),
    stops: translate('routesOverview.stopsText', { done: row.done, left: row.left }),
    load: <LoadCell row={row} />,
    late:
      row.late > 0 ? (
        <Box
          component="span"
          sx={{ color: 'error.main', display: 'inline-flex', alignItems: 'center', gap: 0.5 }}
        >
          <WarningAmberIcon sx={{ fontSize: 16 }} />
          {row.late}
        </Box>
      ) : (
        '0'
      ),
    end: row.endTime ? clockTime(row.endTime, timeZone) : '–',
  };
  return (
    <TableRow
      hover={to !== null}
      data-testid="overview-row"
      data-slot-id={row.id}
      onClick={to ? () => void navigate(to) : undefined}
      sx={to ? { cursor: 'pointer' } : undefined}
    >
      {overviewColumns.map((column) => (
        <TableCell
          key={column}
          data-column={column}
          align={numeric.has(column) ? 'right' : 'left'}
          sx={{ whiteSpace: 'nowrap' }}
        >
          {cells[column]}
        </TableCell>
      ))}
    </TableRow>
  );
}

/** Load against each capacity of the unit, a line per kind; over capacity in words and red. */
function LoadCell({ row }: { row: OverviewRow }) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  return (
    <Box sx={{ display: 'grid', gap: 0.25 }}>
      {capacityBars(row.load, row.capacity).map((bar) => (
        <Box
          key={bar.kind}
          component="span"
          data-kind={bar.kind}
          data-over={String(bar.over)}
          sx={{ fontSize: '0.8125rem', color: bar.over ? 'error.main' : 'inherit' }}
        >
          {`${translate(`planning.capacity.${bar.kind}`)}: ${barText(bar, translate, locale)}`}
          {bar.over ? ` (${translate('planning.capacity.over')})` : ''}
        </Box>
      ))}
    </Box>
  );
}
