import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ConsignmentRow } from '@nordlog/contracts';
import { memo, useMemo, type Dispatch } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { DataGrid } from '../../grid/DataGrid';
import type { SelectionAction, SelectionState } from '../../grid/selection';
import type { GridActions } from '../../grid/types';
import { normalizeLocale } from '../../i18n/locales';
import { shipmentColumns } from '../shipmentColumns';

/** The planning board's grid of spec §2 (PlannerShipmentsGrid), its columns and defaults. */
export const plannerGridName = 'PlannerShipmentsGrid' as const;
const columnIds = [
  'shipmentId',
  'customer',
  'delivery',
  'deliveryAddress',
  'deliveryTime',
  'packages',
  'weight',
  'volume',
  'pickup',
  'pickupTime',
  'priority',
  'state',
  'orderId',
] as const;
const defaultHidden = ['pickup', 'pickupTime', 'priority', 'state', 'orderId'] as const;
const getId = (row: ConsignmentRow) => row.id;
const getGroup = (row: ConsignmentRow) => row.groupId;
const isHigh = (row: ConsignmentRow) => row.priority === 'high';

/**
 * The day's unassigned consignments (spec §3 isAssignable, on no slot) as a virtual grid (it
 * stays fast with thousands of rows): multi-select (Shift-click a range), a drag handle that
 * carries the selection onto a slot, a plus button to plan a row on a slot with the keyboard, and
 * a bar for the selection (plan on a slot, set durations).
 */
export const UnassignedPanel = memo(function UnassignedPanel(props: {
  rows: readonly ConsignmentRow[];
  loading: boolean;
  timeZone: string;
  height: number;
  selection: SelectionState;
  onSelection: Dispatch<SelectionAction>;
  canPlan: boolean;
  canSetDurations: boolean;
  onPlan: (ids: string[]) => void;
  onDurations: (ids: string[]) => void;
}) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const columns = useMemo(
    () =>
      shipmentColumns(translate, locale, props.timeZone, (r) => r.customerName ?? r.customerId)
        .filter((c) => (columnIds as readonly string[]).includes(c.id))
        .sort(
          (a, b) =>
            columnIds.indexOf(a.id as (typeof columnIds)[number]) -
            columnIds.indexOf(b.id as (typeof columnIds)[number]),
        ),
    [translate, locale, props.timeZone],
  );
  const { canPlan, onPlan } = props;
  const actions = useMemo<GridActions<ConsignmentRow>>(
    () => (canPlan ? { drag: true, onAssign: (row) => onPlan([row.id]) } : {}),
    [canPlan, onPlan],
  );
  const selected = [...props.selection.selected];
  return (
    <Box
      component="section"
      aria-label={translate('planning.unassigned.title')}
      sx={{ minWidth: 0, display: 'flex', flexDirection: 'column', gap: 1 }}
    >
      <Typography variant="h6" component="h2">
        {translate('planning.unassigned.title')}
      </Typography>
      {selected.length > 0 ? (
        <Paper
          variant="outlined"
          role="toolbar"
          aria-label={translate('planner.bulk.selected', { smart_count: selected.length })}
          sx={{ px: 1.5, py: 0.5, display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
        >
          <Typography data-testid="unassigned-selected" sx={{ fontWeight: 600, mr: 1 }}>
            {translate('planner.bulk.selected', { smart_count: selected.length })}
          </Typography>
          {props.canPlan ? (
            <Button
              size="small"
              variant="outlined"
              color="secondary"
              onClick={() => onPlan(selected)}
            >
              {translate('planning.unassigned.planOnSlot')}
            </Button>
          ) : null}
          {props.canSetDurations ? (
            <Button
              size="small"
              variant="outlined"
              color="secondary"
              onClick={() => props.onDurations(selected)}
            >
              {translate('planning.durations.open')}
            </Button>
          ) : null}
          <Button
            size="small"
            color="secondary"
            onClick={() => props.onSelection({ type: 'clear' })}
          >
            {translate('planner.bulk.clear')}
          </Button>
        </Paper>
      ) : (
        <Typography variant="body2" color="text.secondary">
          {props.canPlan ? translate('planning.unassigned.hint') : ' '}
        </Typography>
      )}
      <DataGrid<ConsignmentRow>
        name={plannerGridName}
        label={translate('planning.unassigned.title')}
        columns={columns}
        defaultHidden={defaultHidden}
        rows={props.rows}
        getId={getId}
        getGroup={getGroup}
        isHighPriority={isHigh}
        selection={props.selection}
        onSelection={props.onSelection}
        loading={props.loading}
        loadingText={translate('planner.loadingShipments')}
        emptyText={translate('planning.unassigned.empty')}
        actions={actions}
        height={props.height}
      />
    </Box>
  );
});
