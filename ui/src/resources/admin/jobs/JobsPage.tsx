import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { JobKey, JobStatus } from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { useMayRun } from '../../../access/useMayRun';
import { HttpFailure, failureText } from '../../../errors/parse';
import { formatDateTime, normalizeLocale } from '../../../i18n/locales';
import { PageHeader } from '../../../layout/PageHeader';
import { usePageTitle } from '../../../layout/pageTitle';
import { REFETCH } from '../../../live/applyChanges';
import { freshQuery } from '../../../preAdvice/queries';
import { sendCommand } from '../../../shell/api';

/** The query-key head of the list, registered with the entity `jobs` (resources/registry). */
export const JOBS_KEY = 'jobs';
/** A pass is not an event: its progress is asked again this often while the page is open. */
const RUNS_REFRESH_MS = 15_000;

/**
 * `/admin/jobs` (spec §1, §2, §4; docs/decisions/0076-admin-jobs.md): every job the product runs
 * by itself with its last pass (start, outcome, what it did), whether one runs now, its next pass
 * and its switch. A switch change is pushed to every open page; a 403 on a switch (spec §8) tells
 * the user and shows the jobs as they are. Disabling a running job lets that pass finish.
 */
export default function JobsPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const mayRun = useMayRun();
  const locale = normalizeLocale(useLocale());
  const queryClient = useQueryClient();
  usePageTitle('jobs.title');
  const list = useQuery({
    queryKey: [JOBS_KEY, REFETCH],
    queryFn: () => freshQuery<JobStatus[]>('jobsStatus', {}),
    refetchInterval: RUNS_REFRESH_MS,
  });
  const [busy, setBusy] = useState<JobKey | null>(null);
  const canSwitch = mayRun('DISABLE_JOB');
  const refresh = () => queryClient.invalidateQueries({ queryKey: [JOBS_KEY] });
  const at = (iso: string | null) => (iso ? formatDateTime(iso, locale) : '–');

  const toggle = async (job: JobStatus) => {
    setBusy(job.id);
    try {
      await sendCommand(job.enabled ? 'DISABLE_JOB' : 'ENABLE_JOB', { job: job.id });
      notify(
        translate(
          job.enabled
            ? job.running
              ? 'jobs.disabledWhileRunning'
              : 'jobs.disabledDone'
            : 'jobs.enabledDone',
        ),
        { type: 'info' },
      );
    } catch (err) {
      // Spec §8: a 403 on starting or stopping a job runs the screen's callback.
      if (err instanceof HttpFailure && err.status === 403)
        notify(translate('jobs.refused'), { type: 'error' });
      else notify(`${translate('jobs.failed')}: ${failureText(err, translate)}`, { type: 'error' });
    } finally {
      setBusy(null);
      await refresh();
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={translate('jobs.title')} />
      <Typography sx={{ mb: 2 }} color="text.secondary">
        {translate('jobs.intro')}
      </Typography>
      {list.isError ? <Alert severity="error">{failureText(list.error, translate)}</Alert> : null}
      <TableContainer component={Paper}>
        <Table size="small" aria-label={translate('jobs.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('jobs.job')}</TableCell>
              <TableCell>{translate('jobs.enabled')}</TableCell>
              <TableCell>{translate('jobs.state')}</TableCell>
              <TableCell>{translate('jobs.lastRun')}</TableCell>
              <TableCell>{translate('jobs.outcome')}</TableCell>
              <TableCell>{translate('jobs.nextRun')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(list.data ?? []).map((job) => (
              <TableRow
                key={job.id}
                data-testid="job-row"
                data-id={job.id}
                data-enabled={String(job.enabled)}
              >
                <TableCell>
                  <Typography variant="body2" fontWeight={600}>
                    {translate(`jobs.names.${job.id}`)}
                  </Typography>
                  <Typography variant="caption" color="text.secondary">
                    {translate(`jobs.descriptions.${job.id}`)}
                  </Typography>
                </TableCell>
                <TableCell>
                  <Switch
                    checked={job.enabled}
                    disabled={!canSwitch || busy === job.id}
                    onChange={() => void toggle(job)}
                    data-testid={`job-switch-${job.id}`}
                    slotProps={{
                      input: {
                        'aria-label': translate(job.enabled ? 'jobs.disable' : 'jobs.enable', {
                          job: translate(`jobs.names.${job.id}`),
                        }),
                      },
                    }}
                  />
                </TableCell>
                <TableCell>
                  {job.running ? (
                    <Chip size="small" color="info" label={translate('jobs.running')} />
                  ) : (
                    <Chip
                      size="small"
                      variant="outlined"
                      label={translate(job.enabled ? 'jobs.idle' : 'jobs.off')}
                    />
                  )}
                </TableCell>
                <TableCell>{at(job.lastStartedAt)}</TableCell>
                <TableCell>
                  {job.lastOutcome === null ? (
                    translate('jobs.never')
                  ) : (
                    <Tooltip title={job.lastError ?? ''}>
                      <Chip
                        size="small"
                        color={job.lastOutcome === 'OK' ? 'success' : 'error'}
                        label={`${translate(`jobs.outcomes.${job.lastOutcome}`)}${
                          job.lastCount === null ? '' : ` (${job.lastCount})`
                        }`}
                      />
                    </Tooltip>
                  )}
                </TableCell>
                <TableCell>
                  {job.enabled
                    ? job.intervalSeconds === 0
                      ? translate('jobs.notScheduled')
                      : at(job.nextRunAt)
                    : translate('jobs.off')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
    </Box>
  );
}
