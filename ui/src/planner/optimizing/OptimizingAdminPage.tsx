import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { isCalendarDate, type OptimizingRunRow } from '@nordlog/contracts';
import { useMemo, useState } from 'react';
import { useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { mayRun } from '../../access/commands';
import { useShell } from '../../app/UserContext';
import { optimizerMessages } from '../../errors/parse';
import { formatDateTime, timeZoneFor, todayIn } from '../../i18n/locales';
import { DateField } from '../../inputs/LazyPickers';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { useDepartmentOptions } from '../../layout/useDepartments';
import { useLiveDates } from '../../live/LiveProvider';
import { RunStateChip, useNumberLocale } from './Figures';
import {
  formatNumber,
  formatSeconds,
  isRunActive,
  newestFirst,
  progressPercent,
  runDurationMs,
} from './optimizingData';
import { useOptimizingRuns, useUserNames } from './queries';
import { useOptimizingCommands } from './useOptimizingCommands';

const ALL = '*';

/**
 * `/admin/optimizing/{date?}` (spec §2; flag ADMIN_OPTIMIZING): the optimising runs of a day (by
 * default today) in the user's departments, newest first: department, kind, who asked, state,
 * when, how long, and the result (vehicles, kilometres, shipments not placed) or the optimiser's
 * errors. Live over the socket (a running run's bar moves); a running run can be cancelled.
 */
/** The columns of the runs table, by their message key under `optimizing.admin`. */
const ADMIN_COLUMNS = [
  'department',
  'kind',
  'requestedBy',
  'state',
  'requestedAt',
  'duration',
  'result',
  'actions',
] as const;

export default function OptimizingAdminPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  const locale = useNumberLocale();
  const { user } = useShell();
  usePageTitle('optimizing');
  const { date: dateParam } = useParams();
  const date = dateParam && isCalendarDate(dateParam) ? dateParam : todayIn(timeZoneFor(null));
  useLiveDates(useMemo(() => [date], [date]));
  const options = useDepartmentOptions();
  const departments = useMemo(() => (options.data ?? []).filter((d) => !d.group), [options.data]);
  const [department, setDepartment] = useState(ALL);
  const departmentIds = useMemo(() => (department === ALL ? [] : [department]), [department]);
  const runs = useOptimizingRuns(departmentIds, date, date);
  const rows = useMemo(() => newestFirst(runs.data ?? []), [runs.data]);
  const names = useUserNames(
    user,
    useMemo(
      () => rows.flatMap((r) => [r.requestedBy, ...(r.cancelledBy ? [r.cancelledBy] : [])]),
      [rows],
    ),
  );
  const commands = useOptimizingCommands();
  const mayCancel = mayRun(user, 'CANCEL_RUNNING_OPTIMIZING');
  const departmentOf = (id: string) => departments.find((d) => d.id === id);
  const userName = (id: string) => names.get(id) ?? id;

  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <PageHeader title={translate('pages.optimizing')}>
        <TextField
          select
          size="small"
          label={translate('optimizing.admin.department')}
          value={department}
          onChange={(e) => setDepartment(e.target.value)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value={ALL}>{translate('optimizing.admin.allDepartments')}</MenuItem>
          {departments.map((d) => (
            <MenuItem key={d.id} value={d.id}>
              {d.name}
            </MenuItem>
          ))}
        </TextField>
        <DateField
          label={translate('app.date')}
          value={date}
          onChange={(value) => isCalendarDate(value) && void navigate(`/admin/optimizing/${value}`)}
          minWidth={170}
        />
      </PageHeader>
      {runs.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}
      <TableContainer
        tabIndex={0}
        role="region"
        aria-label={translate('optimizing.admin.caption')}
        sx={{ overflowX: 'auto' }}
      >
        <Table size="small" data-testid="optimizing-runs">
          <TableHead>
            <TableRow>
              {ADMIN_COLUMNS.map((key) => (
                <TableCell key={key}>{translate(`optimizing.admin.${key}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={ADMIN_COLUMNS.length}>
                  <Typography color="text.secondary" data-testid="optimizing-runs-none">
                    {runs.isPending ? translate('app.loading') : translate('optimizing.admin.none')}
                  </Typography>
                </TableCell>
              </TableRow>
            ) : (
              rows.map((run) => {
                const dep = departmentOf(run.departmentId);
                const timeZone = timeZoneFor(dep?.country ?? null);
                const duration =
                  runDurationMs(run) ?? (run.progress ? run.progress.elapsedMs : null);
                return (
                  <TableRow
                    key={run.id}
                    data-testid="optimizing-run-row"
                    data-run-id={run.id}
                    data-state={run.state}
                  >
                    <TableCell>{dep?.name ?? run.departmentId}</TableCell>
                    <TableCell>
                      {translate(`optimizing.kind.${run.kind}`)}
                      {run.kind !== 'day' && run.slotIds.length > 0 ? (
                        <Typography variant="caption" color="text.secondary" component="div">
                          {translate('optimizing.admin.slots', { smart_count: run.slotIds.length })}
                        </Typography>
                      ) : null}
                    </TableCell>
                    <TableCell>{userName(run.requestedBy)}</TableCell>
                    <TableCell>
                      <RunStateChip state={run.state} />
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }}>
                      {formatDateTime(run.requestedAt, locale, timeZone)}
                    </TableCell>
                    <TableCell sx={{ whiteSpace: 'nowrap' }} data-testid="run-duration">
                      {duration === null
                        ? '–'
                        : translate('optimizing.admin.seconds', {
                            seconds: formatSeconds(duration, locale),
                          })}
                    </TableCell>
                    <TableCell sx={{ minWidth: 220 }}>
                      <RunOutcome run={run} userName={userName} />
                    </TableCell>
                    <TableCell>
                      {isRunActive(run.state) && mayCancel ? (
                        <Button
                          size="small"
                          color="error"
                          variant="outlined"
                          aria-label={translate('optimizing.admin.cancelFor', { id: run.id })}
                          onClick={() => void commands.cancelRun(run.id)}
                        >
                          {translate('optimizing.run.cancel')}
                        </Button>
                      ) : null}
                    </TableCell>
                  </TableRow>
                );
              })
            )}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}

/** What a run came to: its bar while it runs, its result, its errors, or who cancelled it. */
function RunOutcome({
  run,
  userName,
}: {
  run: OptimizingRunRow;
  userName: (id: string) => string;
}) {
  const translate = useTranslate();
  const locale = useNumberLocale();
  if (isRunActive(run.state))
    return (
      <Box>
        <LinearProgress
          variant="determinate"
          value={progressPercent(run)}
          aria-label={translate('optimizing.admin.progressOf', { id: run.id })}
          data-testid="run-progress"
        />
        {run.progress ? (
          <Typography variant="caption" color="text.secondary">
            {translate('optimizing.admin.resultText', {
              vehicles: formatNumber(run.progress.vehicles, locale, 0),
              km: formatNumber(run.progress.distanceKm, locale, 1),
              unplaced: formatNumber(run.progress.unassigned, locale, 0),
            })}
          </Typography>
        ) : null}
      </Box>
    );
  if (run.state === 'COMPLETED' && run.result)
    return (
      <Typography variant="body2" data-testid="run-result">
        {translate('optimizing.admin.resultText', {
          vehicles: formatNumber(run.result.vehicles, locale, 0),
          km: formatNumber(run.result.distanceKm, locale, 1),
          unplaced: formatNumber(run.result.unplaced.length, locale, 0),
        })}
      </Typography>
    );
  if (run.state === 'FAILED')
    return (
      <Box data-testid="run-errors">
        {optimizerMessages(
          run.errors.length > 0 ? run.errors : [translate('errors.unknown')],
          translate,
        ).map((m, i) => (
          <Typography key={i} variant="body2" color="error" data-testid="run-error">
            {m}
          </Typography>
        ))}
      </Box>
    );
  if (run.state === 'CANCELLED')
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('optimizing.admin.cancelledBy', {
          name: run.cancelledBy ? userName(run.cancelledBy) : '–',
        })}
      </Typography>
    );
  return null;
}
