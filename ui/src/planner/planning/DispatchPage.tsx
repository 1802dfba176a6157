import WarningAmberIcon from '@mui/icons-material/WarningAmber';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  canSlotTransition,
  type CourierRow,
  type SlotTransition,
  type SlotView,
  type UnitRow,
} from '@nordlog/contracts';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { mayRun } from '../../access/commands';
import { useShell } from '../../app/UserContext';
import { usePageTitle } from '../../layout/pageTitle';
import { todayIn } from '../../i18n/locales';
import { failureOfType, usePlanningCommand } from './commands';
import { ConfirmDialog } from './Dialogs';
import {
  allSlotGroups,
  clockTime,
  dispatchPath,
  dispatchWarnings,
  type DispatchWarning,
  planningPath,
  slotShown,
  type SlotFilterGroup,
} from './planningData';
import { useDaySlots } from './queries';
import { slotStateColor } from './SlotCard';
import { SlotGroupFilter } from './SlotGroupFilter';
import { DayHeader, NoSlotsRow } from './DayHeader';

/** The state changes dispatch offers, in the order a day goes (spec §4). */
const dispatchTransitions: SlotTransition[] = ['start', 'pause', 'resume', 'complete'];

/**
 * Dispatch (spec §2 `/dispatch/{date?}`, UI.md): the day's slots with their state and progress
 * (stops done and left), courier and unit; start, pause, resume and complete; filtered by the
 * slot filter groups of spec §4 (active, not started, completed; all on by default).
 */
export default function DispatchPage() {
  const translate = useTranslate();
  const { user } = useShell();
  usePageTitle('dispatch');
  const { departmentId = '', date: dateParam } = useParams();
  const { dep, date, slots, query, loading, units, couriers } = useDaySlots(
    departmentId,
    dateParam,
    {
      includeProgress: true,
    },
  );
  const [groups, setGroups] = useState<Record<SlotFilterGroup, boolean>>(allSlotGroups);
  const shown = slots.filter((s) => slotShown(s.state, groups));
  const mayState = mayRun(user, 'CHANGE_SLOT_STATE');
  const mayCourier = mayRun(user, 'ASSIGN_COURIER_TO_SLOT');
  const mayUnit = mayRun(user, 'ASSIGN_UNIT_TO_SLOT');
  const uncovered = slots.filter(
    (s) => (s.state === 'NOT_STARTED' || s.state === 'PLANNED') && (!s.courierId || !s.unitId),
  ).length;

  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <DayHeader
        title={`${translate('pages.dispatch')}${dep.option ? ` · ${dep.option.name}` : ''}`}
        date={date}
        pathOf={(day) => dispatchPath(departmentId, day)}
      >
        <Button component={RouterLink} to={planningPath(departmentId, date)} color="secondary">
          {translate('menu.planning')}
        </Button>
      </DayHeader>
      <SlotGroupFilter groups={groups} onChange={setGroups} />
      {query.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}
      {uncovered > 0 ? (
        <Alert severity="warning" sx={{ mb: 1 }} data-testid="uncovered">
          {translate('planning.dispatch.uncovered', { smart_count: uncovered })}
        </Alert>
      ) : null}
      <Box sx={{ overflowX: 'auto' }}>
        <Table size="small" aria-label={translate('pages.dispatch')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('planning.dispatch.slot')}</TableCell>
              <TableCell>{translate('planning.dispatch.time')}</TableCell>
              <TableCell>{translate('planning.dispatch.state')}</TableCell>
              <TableCell sx={{ minWidth: 170 }}>{translate('planning.slot.courier')}</TableCell>
              <TableCell sx={{ minWidth: 170 }}>{translate('planning.slot.unit')}</TableCell>
              <TableCell sx={{ minWidth: 160 }}>
                {translate('planning.dispatch.progress')}
              </TableCell>
              <TableCell align="right">{translate('planning.templates.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {shown.length === 0 ? (
              <NoSlotsRow loading={loading} colSpan={7} />
            ) : (
              shown.map((slot) => (
                <DispatchRow
                  key={slot.id}
                  slot={slot}
                  departmentId={departmentId}
                  timeZone={dep.timeZone}
                  units={units.data ?? []}
                  couriers={couriers.data ?? []}
                  mayState={mayState}
                  mayCourier={mayCourier}
                  mayUnit={mayUnit}
                />
              ))
            )}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}

function DispatchRow(props: {
  slot: SlotView;
  departmentId: string;
  timeZone: string;
  units: readonly UnitRow[];
  couriers: readonly CourierRow[];
  mayState: boolean;
  mayCourier: boolean;
  mayUnit: boolean;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = usePlanningCommand();
  const { slot, timeZone } = props;
  const [busy, setBusy] = useState(false);
  // Starting an empty slot, or one whose day has not begun, asks first (issue 36).
  const [warnings, setWarnings] = useState<DispatchWarning[] | null>(null);
  const done = slot.progress?.done ?? 0;
  const left = slot.progress?.left ?? 0;
  const total = done + left;
  const open = slot.state !== 'COMPLETED' && slot.state !== 'CANCELLED';
  const units = props.units.filter(
    (u) => u.departmentId === slot.departmentId || u.assignedDepartmentId === slot.departmentId,
  );
  const couriers = props.couriers.filter((c) => c.departmentId === slot.departmentId);
  const name = (list: readonly { id: string; name: string }[], id: string | null) =>
    id ? (list.find((x) => x.id === id)?.name ?? id) : translate('planning.slot.none');
  const change = async (transition: SlotTransition) => {
    setBusy(true);
    await run(
      'CHANGE_SLOT_STATE',
      { slotId: slot.id, transition },
      {
        success: `planning.dispatch.done.${transition}`,
        successArgs: { name: slot.name },
        onFailure: (err) => {
          // The server refuses to start a slot nobody drives: say so in the planner's words.
          if (
            transition === 'start' &&
            !slot.courierId &&
            failureOfType(err, 'INVALID_STATE_TRANSITION')
          ) {
            notify('planning.dispatch.noCourier', {
              type: 'error',
              messageArgs: { name: slot.name },
            });
            return true;
          }
          return false;
        },
      },
    );
    setBusy(false);
  };
  const assign = async (kind: 'courier' | 'unit', id: string) => {
    setBusy(true);
    await run(
      kind === 'courier' ? 'ASSIGN_COURIER_TO_SLOT' : 'ASSIGN_UNIT_TO_SLOT',
      kind === 'courier'
        ? { slotId: slot.id, courierId: id || null }
        : { slotId: slot.id, unitId: id || null },
      { success: 'planning.dispatch.assigned', successArgs: { name: slot.name } },
    );
    setBusy(false);
  };
  return (
    <TableRow data-testid="dispatch-row" data-slot-id={slot.id} data-slot-state={slot.state}>
      <TableCell>
        <Link component={RouterLink} to={planningPath(props.departmentId, slot.date, slot.id)}>
          {slot.name}
        </Link>
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        {clockTime(slot.timeFrom, timeZone)}
        {slot.timeTo ? `–${clockTime(slot.timeTo, timeZone)}` : ''}
      </TableCell>
      <TableCell>
        <Chip
          size="small"
          label={translate(`enums.slotState.${slot.state}`)}
          color={slotStateColor(slot.state)}
          variant={slot.state === 'NOT_STARTED' ? 'outlined' : 'filled'}
          data-testid="slot-state"
        />
      </TableCell>
      <TableCell>
        {props.mayCourier && open ? (
          <TextField
            select
            size="small"
            fullWidth
            value={slot.courierId ?? ''}
            disabled={busy}
            onChange={(e) => void assign('courier', e.target.value)}
            slotProps={{
              select: {
                displayEmpty: true,
                SelectDisplayProps: {
                  'aria-label': translate('planning.dispatch.courierOf', { name: slot.name }),
                },
              },
            }}
          >
            <MenuItem value="">{translate('planning.slot.none')}</MenuItem>
            {couriers.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          name(props.couriers, slot.courierId)
        )}
        {!slot.courierId && open ? (
          <Typography
            variant="caption"
            color="warning.dark"
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <WarningAmberIcon sx={{ fontSize: 14 }} />
            {translate('planning.dispatch.noCourierYet')}
          </Typography>
        ) : null}
      </TableCell>
      <TableCell>
        {props.mayUnit && open ? (
          <TextField
            select
            size="small"
            fullWidth
            value={slot.unitId ?? ''}
            disabled={busy}
            onChange={(e) => void assign('unit', e.target.value)}
            slotProps={{
              select: {
                displayEmpty: true,
                SelectDisplayProps: {
                  'aria-label': translate('planning.dispatch.unitOf', { name: slot.name }),
                },
              },
            }}
          >
            <MenuItem value="">{translate('planning.slot.none')}</MenuItem>
            {units.map((u) => (
              <MenuItem key={u.id} value={u.id}>
                {u.name}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          name(props.units, slot.unitId)
        )}
      </TableCell>
      <TableCell>
        <Typography variant="body2" data-testid="dispatch-progress">
          {translate('planning.dispatch.progressText', { done, left })}
        </Typography>
        <LinearProgress
          variant="determinate"
          value={total === 0 ? 0 : (done / total) * 100}
          aria-label={translate('planning.dispatch.progressOf', { name: slot.name })}
          sx={{ height: 6, borderRadius: 3, mt: 0.5 }}
        />
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {props.mayState
          ? dispatchTransitions
              .filter((t) => canSlotTransition(t, slot.state))
              .map((t) => (
                <Button
                  key={t}
                  size="small"
                  variant={t === 'start' ? 'contained' : 'outlined'}
                  color={t === 'complete' ? 'success' : 'secondary'}
                  disabled={busy}
                  sx={{ ml: 1 }}
                  onClick={() => {
                    const found = t === 'start' ? dispatchWarnings(slot, todayIn(timeZone)) : [];
                    if (found.length > 0) setWarnings(found);
                    else void change(t);
                  }}
                  aria-label={translate(`planning.dispatch.actionsFor.${t}`, { name: slot.name })}
                >
                  {translate(`planning.dispatch.actions.${t}`)}
                </Button>
              ))
          : null}
        <ConfirmDialog
          open={warnings !== null}
          title={translate('planning.dispatch.warn.title', { name: slot.name })}
          text={
            <span data-testid="dispatch-warnings">
              {(warnings ?? []).map((w) => (
                <span key={w} data-warning={w} style={{ display: 'block' }}>
                  {translate(`planning.dispatch.warn.${w}`, {
                    name: slot.name,
                    date: slot.date,
                  })}
                </span>
              ))}
            </span>
          }
          confirmLabel={translate('planning.dispatch.warn.confirm')}
          busy={busy}
          onClose={() => setWarnings(null)}
          onConfirm={() => {
            setWarnings(null);
            void change('start');
          }}
        />
      </TableCell>
    </TableRow>
  );
}
