import AutoModeIcon from '@mui/icons-material/AutoMode';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ConsignmentRow, OptimizingRun, SlotView } from '@nordlog/contracts';
import { Fragment, useCallback, useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { mayRun } from '../../access/commands';
import { canOpen } from '../../access/routes';
import { useShell } from '../../app/UserContext';
import type { DepartmentOption } from '../../layout/useDepartments';
import { slotRouteColours } from '../../maps/routeLineData';
import { useUnits } from '../planning/queries';
import { OptimizeDayDialog } from './OptimizeDayDialog';
import { consignmentNames, latestRunPerDepartment } from './optimizingData';
import { mayQuery, useOptimizingRuns, useRouteSuggestions, useUserNames } from './queries';
import { RunStatus } from './RunStatus';
import { SuggestionsPanel } from './SuggestionsPanel';
import { useOptimizingCommands, type StartOptions } from './useOptimizingCommands';

const ADMIN_RULE = '/admin/optimizing/:date?';

/** "Optimise day…" on the board's header: the dialog, then START_OPTIMIZING per department. */
export function OptimizeDayButton(props: { members: readonly DepartmentOption[]; date: string }) {
  const translate = useTranslate();
  const { user } = useShell();
  const commands = useOptimizingCommands();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!mayRun(user, 'START_OPTIMIZING')) return null;
  const start = async (runs: StartOptions[]) => {
    setBusy(true);
    try {
      let started = 0;
      for (const options of runs) if (await commands.start(options)) started++;
      if (started > 0) setOpen(false);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button
        variant="outlined"
        color="secondary"
        startIcon={<AutoModeIcon />}
        disabled={props.members.length === 0}
        onClick={() => setOpen(true)}
      >
        {translate('optimizing.day.open')}
      </Button>
      <OptimizeDayDialog
        open={open}
        date={props.date}
        members={props.members}
        busy={busy}
        onStart={(runs) => void start(runs)}
        onClose={() => setOpen(false)}
      />
    </>
  );
}

/**
 * The board's optimising region (UI.md planning: run the optimiser and compare before/after):
 * the newest run of each department of the day, live (progress, result or errors), and the day's
 * suggested routes to compare, apply or cancel. Nothing shows while there is neither.
 */
export function OptimizingPanel(props: {
  departmentIds: string[];
  members: readonly DepartmentOption[];
  date: string;
  timeZone: string;
  slots: readonly SlotView[];
  rows: readonly ConsignmentRow[];
}) {
  const translate = useTranslate();
  const { user } = useShell();
  const commands = useOptimizingCommands();
  const readsRuns = mayQuery(user, 'optimizingRuns') && props.departmentIds.length > 0;
  const runs = useOptimizingRuns(props.departmentIds, props.date, props.date, readsRuns);
  const { suggestions } = useRouteSuggestions(
    props.departmentIds,
    props.date,
    mayQuery(user, 'routeSuggestions'),
  );
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const latest = useMemo(
    () => latestRunPerDepartment(runs.data ?? []).filter((r) => !hidden.has(r.id)),
    [runs.data, hidden],
  );
  const userName = useUserNames(
    user,
    useMemo(() => latest.flatMap((r) => (r.cancelledBy ? [r.cancelledBy] : [])), [latest]),
  );
  const slotById = useMemo(() => new Map(props.slots.map((s) => [s.id, s])), [props.slots]);
  const units = useUnits(props.departmentIds);
  const colours = useMemo(
    () => slotRouteColours(props.slots, units.data),
    [props.slots, units.data],
  );
  const points = useMemo(
    () => [
      ...suggestions.flatMap((s) => s.routePoints),
      ...props.slots.flatMap((s) => s.routePoints ?? []),
    ],
    [suggestions, props.slots],
  );
  const nameOf = useCallback(
    (ids: string[]) => consignmentNames(ids, points, props.rows),
    [points, props.rows],
  );
  const departmentName = (id: string) =>
    props.members.length > 1 ? (props.members.find((m) => m.id === id)?.name ?? id) : null;
  const slotName = (id: string) => slotById.get(id)?.name ?? id;
  const cancelRun = (run: OptimizingRun) => void commands.cancelRun(run.id);
  const hide = (run: OptimizingRun) => setHidden((h) => new Set([...h, run.id]));
  const may = {
    apply: mayRun(user, 'APPLY_SUGGESTED_ROUTE'),
    cancel: mayRun(user, 'CANCEL_SUGGESTED_ROUTE'),
    reorder: mayRun(user, 'REORDER_SUGGESTED_ROUTE'),
    leaveOut: mayRun(user, 'DELETE_UNASSIGNED_ROUTE_POINT_SUGGESTIONS'),
  };

  if (latest.length === 0 && suggestions.length === 0) return null;
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="optimizing-title"
      data-testid="optimizing-panel"
      sx={{ px: 2, py: 1, mb: 2 }}
    >
      <Stack direction="row" spacing={1} alignItems="center">
        <Typography variant="h6" component="h2" id="optimizing-title" sx={{ flexGrow: 1 }}>
          {translate('optimizing.title')}
        </Typography>
        {canOpen(user, ADMIN_RULE) ? (
          <Link component={RouterLink} to={`/admin/optimizing/${props.date}`} variant="body2">
            {translate('optimizing.allRuns')}
          </Link>
        ) : null}
      </Stack>
      {latest.map((run, i) => (
        <Fragment key={run.id}>
          {i > 0 ? <Divider /> : null}
          <RunStatus
            run={run}
            departmentName={departmentName(run.departmentId)}
            slotName={slotName}
            nameOf={nameOf}
            userName={(id) => userName.get(id) ?? id}
            mayCancel={mayRun(user, 'CANCEL_RUNNING_OPTIMIZING')}
            onCancel={cancelRun}
            onHide={hide}
          />
        </Fragment>
      ))}
      {suggestions.length > 0 ? (
        <>
          {latest.length > 0 ? <Divider /> : null}
          <SuggestionsPanel
            suggestions={suggestions}
            slotById={slotById}
            colours={colours}
            timeZone={props.timeZone}
            nameOf={nameOf}
            may={may}
            commands={commands}
          />
        </>
      ) : null}
    </Paper>
  );
}
