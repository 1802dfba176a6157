import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import type { ImportRowResult, ImportStatus } from '@nordlog/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { runQuery } from '../../shell/api';
import { rowErrorText } from './api';
import { RowFix } from './RowFix';

type Filter = 'ALL' | 'REFUSED' | 'BOOKED';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How often a running import is asked again (its progress). */
const POLL_MS = 1000;

/**
 * `/planner/{dep}/import/{importId}` (spec §2, docs/decisions/0059-import.md): the import's
 * progress while it runs (asked again every second), then every row booked or refused with its
 * column and the booking form's message; a refused row is fixed in place and booked again.
 */
export default function ImportResultPage() {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  usePageTitle('importing.resultTitle');
  const { departmentId = '', importId = '' } = useParams();
  const [filter, setFilter] = useState<Filter>('ALL');
  const [open, setOpen] = useState<number | null>(null);
  // An import's id is a UUID: any other is no import (asked of nobody).
  const valid = UUID.test(importId);
  const status = useQuery({
    queryKey: ['getImportStatus', 'one', importId],
    enabled: valid,
    queryFn: async () =>
      (await runQuery<ImportStatus[]>('getImportStatus', { importId }))[0] ?? null,
    refetchInterval: (q) => (q.state.data?.status === 'RUNNING' ? POLL_MS : false),
  });
  const running = status.data?.status === 'RUNNING';
  // The rows follow the status: when its counts move (the last batch booked after the last poll
  // of the rows), the rows are asked again, so the list never says "to book" under "done".
  const counts = status.data ? [status.data.status, status.data.booked, status.data.refused] : [];
  const rows = useQuery({
    queryKey: ['getImportResults', importId, ...counts],
    placeholderData: keepPreviousData,
    enabled: valid && status.data !== null && status.data !== undefined,
    queryFn: () => runQuery<ImportRowResult[]>('getImportResults', { importId }),
    refetchInterval: running ? POLL_MS : false,
  });
  const job = status.data;
  const done = job ? job.booked + job.refused : 0;
  const shown = (rows.data ?? []).filter((r) => filter === 'ALL' || r.status === filter);
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: ['getImportStatus'] });
    await queryClient.invalidateQueries({ queryKey: ['getImportResults', importId] });
  };

  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={`${translate('importing.resultTitle')}${job ? ` · ${job.fileName}` : ''}`}>
        <Link component={RouterLink} to={`/planner/${departmentId}/import`}>
          {translate('importing.back')}
        </Link>
      </PageHeader>
      {status.data === null || !valid ? (
        <Alert severity="warning">{translate('importing.notFound')}</Alert>
      ) : null}
      {job ? (
        <Box sx={{ mb: 2 }} data-testid="import-progress">
          <Stack direction="row" spacing={2} alignItems="center" sx={{ mb: 1 }}>
            <Chip
              label={translate(`importing.states.${job.status}`)}
              color={job.status === 'DONE' ? 'success' : job.status === 'FAILED' ? 'error' : 'info'}
              data-testid="import-state"
            />
            <Typography variant="body2" data-testid="import-counts">
              {translate('importing.counts', {
                booked: job.booked,
                refused: job.refused,
                pending: job.pending,
                total: job.total,
              })}
            </Typography>
          </Stack>
          {running ? (
            <LinearProgress
              variant="determinate"
              value={job.total === 0 ? 100 : (100 * done) / job.total}
            />
          ) : null}
          {job.error ? (
            <Alert severity="warning" sx={{ mt: 1 }}>
              {translate('importing.stopped', { error: job.error })}
            </Alert>
          ) : null}
        </Box>
      ) : null}
      <Tabs value={filter} onChange={(_e, v: Filter) => setFilter(v)} sx={{ mb: 1 }}>
        <Tab value="ALL" label={translate('importing.all')} />
        <Tab
          value="REFUSED"
          label={translate('importing.refused')}
          data-testid="import-tab-refused"
        />
        <Tab value="BOOKED" label={translate('importing.booked')} />
      </Tabs>
      <Table size="small" data-testid="import-rows">
        <TableHead>
          <TableRow>
            <TableCell>{translate('importing.row')}</TableCell>
            <TableCell>{translate('importing.status')}</TableCell>
            <TableCell>{translate('importing.recipient')}</TableCell>
            <TableCell>{translate('importing.result')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {shown.map((r) => (
            <Fragment key={r.row}>
              <TableRow data-testid={`import-row-${r.row}`}>
                <TableCell>{r.row}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={translate(`importing.rowStates.${r.status}`)}
                    color={
                      r.status === 'BOOKED'
                        ? 'success'
                        : r.status === 'REFUSED'
                          ? 'error'
                          : 'default'
                    }
                  />
                </TableCell>
                {/* A booked row keeps no name (the order holds it, 0059): its place stands. */}
                <TableCell>
                  {r.values.deliveryName ??
                    [r.values.deliveryZipCode, r.values.deliveryZipArea].filter(Boolean).join(' ')}
                </TableCell>
                <TableCell>
                  {r.status === 'BOOKED'
                    ? translate('importing.bookedAs', { id: r.shipmentId ?? r.orderId ?? '' })
                    : r.errors.map((e, i) => (
                        <Typography key={i} variant="body2" color="error">
                          {e.column ? `${e.column}: ` : ''}
                          {rowErrorText(translate, e)}
                        </Typography>
                      ))}
                </TableCell>
                <TableCell align="right">
                  {r.status === 'REFUSED' ? (
                    <Button
                      size="small"
                      onClick={() => setOpen(open === r.row ? null : r.row)}
                      data-testid={`import-fix-${r.row}`}
                    >
                      {translate(open === r.row ? 'importing.close' : 'importing.fix')}
                    </Button>
                  ) : null}
                </TableCell>
              </TableRow>
              {open === r.row && r.status === 'REFUSED' ? (
                <TableRow>
                  <TableCell colSpan={5}>
                    <RowFix
                      importId={importId}
                      row={r}
                      onDone={async (booked) => {
                        if (booked) setOpen(null);
                        await refresh();
                      }}
                    />
                  </TableCell>
                </TableRow>
              ) : null}
            </Fragment>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
