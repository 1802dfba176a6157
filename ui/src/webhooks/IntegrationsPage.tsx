import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { WebhookDay } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { PageHeader } from '../layout/PageHeader';
import { usePageTitle } from '../layout/pageTitle';
import { freshQuery } from '../preAdvice/queries';
import { useIntegrationEditing } from './IntegrationEditing';
import { WEBHOOK_MESSAGES_KEY, when } from './queries';

const ms = (v: number | null) =>
  v === null ? '–' : v < 1000 ? `${v} ms` : `${(v / 1000).toFixed(1)} s`;

/**
 * `/admin/integrations/{date?}` (spec §2; docs/decisions/0070): a day's deliveries of every hook
 * (UTC day; today without a date), failing hooks first: what an operator needs to see which
 * receiver is down, since when and why, and to open its messages. An administrator creates a hook
 * for a customer there, edits and deletes it (docs/decisions/0099).
 */
export default function IntegrationsPage() {
  const translate = useTranslate();
  const locale = useLocale();
  const navigate = useNavigate();
  usePageTitle('webhooks.integrationsTitle');
  const param = useParams().date ?? '';
  const date = /^\d{4}-\d{2}-\d{2}$/.test(param) ? param : new Date().toISOString().slice(0, 10);
  const day = useQuery({
    queryKey: [WEBHOOK_MESSAGES_KEY, 'day', date],
    queryFn: () => freshQuery<WebhookDay[]>('webhookIntegrations', { date }),
  });
  const rows = day.data ?? [];
  const editing = useIntegrationEditing();
  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={translate('webhooks.integrationsTitle')}>
        <TextField
          size="small"
          type="date"
          label={translate('webhooks.date')}
          value={date}
          onChange={(e) => {
            if (e.target.value) void navigate(`/admin/integrations/${e.target.value}`);
          }}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        {editing.newButton}
      </PageHeader>
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('webhooks.integrationsHelp')}
      </Typography>
      <TableContainer component={Paper}>
        <Table size="small" aria-label={translate('webhooks.integrationsTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('webhooks.customer')}</TableCell>
              <TableCell>{translate('webhooks.url')}</TableCell>
              <TableCell align="right">{translate('webhooks.messages')}</TableCell>
              <TableCell align="right">{translate('webhooks.statuses.DELIVERED')}</TableCell>
              <TableCell align="right">{translate('webhooks.statuses.PENDING')}</TableCell>
              <TableCell align="right">{translate('webhooks.statuses.FAILED')}</TableCell>
              <TableCell align="right">{translate('webhooks.attempts')}</TableCell>
              <TableCell align="right">p50 / p99</TableCell>
              <TableCell>{translate('webhooks.lastFailure')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={10}>
                  {translate(day.isLoading ? 'ra.page.loading' : 'webhooks.noHooks')}
                </TableCell>
              </TableRow>
            ) : null}
            {rows.map((r) => (
              <TableRow key={r.webhookId} data-testid={`integration-${r.webhookId}`}>
                <TableCell>{r.customerName ?? `#${r.customerId}`}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  <Link
                    component={RouterLink}
                    to={`/webhook-messages?webhookId=${r.webhookId}&date=${date}`}
                  >
                    {r.url}
                  </Link>
                  {r.deleted || !r.enabled ? (
                    <Typography variant="caption" component="div">
                      {translate(r.deleted ? 'webhooks.deletedHook' : 'webhooks.disabled')}
                    </Typography>
                  ) : null}
                </TableCell>
                <TableCell align="right">{r.messages}</TableCell>
                <TableCell align="right">{r.delivered}</TableCell>
                <TableCell align="right">{r.pending}</TableCell>
                <TableCell align="right" sx={{ color: r.failed > 0 ? 'error.main' : undefined }}>
                  {r.failed}
                </TableCell>
                <TableCell align="right">{r.attempts}</TableCell>
                <TableCell align="right">
                  {ms(r.p50Ms)} / {ms(r.p99Ms)}
                </TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  {r.lastFailure ? `${when(r.lastFailureAt, locale)}: ${r.lastFailure}` : ''}
                </TableCell>
                <TableCell>{editing.rowActions(r)}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing.dialogs}
    </Box>
  );
}
