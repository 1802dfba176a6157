import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { NpsCounts, NpsScores } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { Loading, useLocale, useTranslate } from 'react-admin';
import { formatNumber } from '../../i18n/numbers';
import { runQuery } from '../../shell/api';

const COLUMNS = ['answers', 'promoters', 'passives', 'detractors'] as const;

/**
 * The net promoter scores of the report's departments and dates, per customer and in all (query
 * `npsScores`, docs/decisions/0083-nps.md), under the planner's productivity report.
 */
export function NpsTable(props: { departmentIds: string[]; fromDate: string; toDate: string }) {
  const translate = useTranslate();
  const locale = useLocale();
  const scores = useQuery({
    queryKey: ['npsScores', props],
    enabled: props.departmentIds.length > 0,
    queryFn: () => runQuery<NpsScores>('npsScores', props),
  });
  const cells = (c: NpsCounts) => (
    <>
      {COLUMNS.map((f) => (
        <TableCell key={f} align="right">
          {formatNumber(c[f], locale)}
        </TableCell>
      ))}
      <TableCell align="right">{c.nps === null ? '–' : formatNumber(c.nps, locale)}</TableCell>
    </>
  );
  const data = scores.data;
  return (
    <Box component="section" aria-labelledby="nps-scores" sx={{ mt: 3 }}>
      <Typography id="nps-scores" variant="h6" component="h2" sx={{ mb: 1 }}>
        {translate('nps.scores')}
      </Typography>
      {scores.isError ? (
        <Alert severity="error">{translate('nps.failed')}</Alert>
      ) : !data ? (
        <Loading />
      ) : data.rows.length === 0 ? (
        <Alert severity="info">{translate('nps.empty')}</Alert>
      ) : (
        <Table size="small" aria-labelledby="nps-scores" data-testid="nps-table">
          <TableHead>
            <TableRow>
              <TableCell>{translate('nps.customer')}</TableCell>
              {COLUMNS.map((f) => (
                <TableCell key={f} align="right">
                  {translate(`nps.${f}`)}
                </TableCell>
              ))}
              <TableCell align="right">{translate('nps.score')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {data.rows.map((r) => (
              <TableRow key={r.customerId}>
                <TableCell component="th" scope="row">
                  {r.customerName ?? r.customerId}
                </TableCell>
                {cells(r)}
              </TableRow>
            ))}
            <TableRow sx={{ '& th, & td': { fontWeight: 'bold' } }}>
              <TableCell component="th" scope="row">
                {translate('nps.total')}
              </TableCell>
              {cells(data.totals)}
            </TableRow>
          </TableBody>
        </Table>
      )}
    </Box>
  );
}
