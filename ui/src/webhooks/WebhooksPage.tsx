import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WebhookRow } from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useMayRun } from '../access/useMayRun';
import { failureText } from '../errors/parse';
import { PageHeader } from '../layout/PageHeader';
import { usePageTitle } from '../layout/pageTitle';
import { ConfirmDialog } from '../planner/planning/Dialogs';
import { useCustomerNames } from '../planner/invoicing/queries';
import { useInPortal } from '../portal/portalContext';
import { PortalCustomerPicker, usePortalCustomerId } from '../portal/portalCustomers';
import { freshQuery } from '../preAdvice/queries';
import { sendCommand } from '../shell/api';
import { WEBHOOKS_KEY, webhooksKey } from './queries';
import { WebhookForm, type WebhookFields } from './WebhookForm';

/**
 * `/admin/customers/{id}/webhook` (spec §2; docs/decisions/0070): the customer's hooks. An
 * administrator of the customer creates one, edits its address and events, disables, rotates the
 * secret or deletes it; the secret shows once, just after it is made. In the customer portal
 * (`/customer/webhooks`, docs/decisions/0085) the customer's own people do the same for their
 * customer (or a sub-customer, `?customerId=`), and the log is the portal's.
 */
export default function WebhooksPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const mayRun = useMayRun();
  const queryClient = useQueryClient();
  usePageTitle('webhooks.title');
  const inPortal = useInPortal();
  const portalCustomerId = usePortalCustomerId();
  const customerId = useParams().customerId ?? portalCustomerId;
  const logPath = inPortal ? '/customer/webhook-messages' : '/webhook-messages';
  const customer = useCustomerNames([customerId]).get(customerId) ?? `#${customerId}`;
  const list = useQuery({
    queryKey: webhooksKey(customerId),
    enabled: customerId !== '',
    queryFn: () => freshQuery<WebhookRow[]>('webhooks', { customerId }),
  });
  const [editing, setEditing] = useState<WebhookRow | 'new' | null>(null);
  const [deleting, setDeleting] = useState<WebhookRow | null>(null);
  const [secret, setSecret] = useState<{ id: string; secret: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const canWrite = mayRun('CREATE_WEBHOOK');
  const refresh = () => queryClient.invalidateQueries({ queryKey: [WEBHOOKS_KEY] });

  const run = async (name: string, payload: unknown, done: string) => {
    setBusy(true);
    try {
      const answer = await sendCommand(name, payload);
      notify(translate(done), { type: 'info' });
      return answer;
    } catch (err) {
      notify(failureText(err, translate), { type: 'error' });
      return null;
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const showSecret = async (id: string) => {
    const shown = await freshQuery<{ secret: string }>('webhookSecret', { id });
    setSecret({ id, secret: shown.secret });
  };
  const save = async (fields: WebhookFields) => {
    setBusy(true);
    setFormError(null);
    try {
      if (editing === 'new') {
        const answer = await sendCommand('CREATE_WEBHOOK', { customerId, ...fields });
        await showSecret(answer.ids[0]!);
      } else if (editing) await sendCommand('UPDATE_WEBHOOK', { id: editing.id, ...fields });
      notify(translate('webhooks.saved'), { type: 'info' });
      setEditing(null);
    } catch (err) {
      setFormError(failureText(err, translate));
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const rotate = async (hook: WebhookRow) => {
    if (await run('ROTATE_WEBHOOK_SECRET', { id: hook.id }, 'webhooks.rotated'))
      await showSecret(hook.id);
  };

  const rows = list.data ?? [];
  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={`${translate('webhooks.title')}: ${customer}`}>
        {inPortal ? <PortalCustomerPicker /> : null}
        <Button component={RouterLink} to={`${logPath}?customerId=${customerId}`}>
          {translate('webhooks.log')}
        </Button>
        {canWrite ? (
          <Button variant="contained" onClick={() => setEditing('new')} data-testid="webhook-new">
            {translate('webhooks.new')}
          </Button>
        ) : null}
      </PageHeader>
      {secret ? (
        <Alert
          severity="warning"
          onClose={() => setSecret(null)}
          sx={{ mb: 2 }}
          data-testid="webhook-secret"
        >
          <Typography variant="body2">{translate('webhooks.secretOnce')}</Typography>
          <Typography component="code" sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}>
            {secret.secret}
          </Typography>
        </Alert>
      ) : null}
      <Typography variant="body2" sx={{ mb: 2 }}>
        {translate('webhooks.help')}
      </Typography>
      <TableContainer component={Paper}>
        <Table size="small" aria-label={translate('webhooks.title')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('webhooks.url')}</TableCell>
              <TableCell>{translate('webhooks.events')}</TableCell>
              <TableCell>{translate('webhooks.state')}</TableCell>
              <TableCell>{translate('webhooks.secretVersion')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={5}>
                  {translate(list.isLoading ? 'ra.page.loading' : 'webhooks.none')}
                </TableCell>
              </TableRow>
            ) : null}
            {rows.map((h) => (
              <TableRow key={h.id} data-testid={`webhook-${h.id}`}>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  <div>{h.url}</div>
                  {h.description ? (
                    <Typography variant="caption">{h.description}</Typography>
                  ) : null}
                </TableCell>
                <TableCell>
                  {h.events.map((e) => translate(`webhooks.event.${e}`)).join(', ')}
                </TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={h.enabled ? 'success' : 'default'}
                    label={translate(h.enabled ? 'webhooks.enabled' : 'webhooks.disabled')}
                  />
                </TableCell>
                <TableCell>{h.secretVersion}</TableCell>
                <TableCell>
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
                    <Link component={RouterLink} to={`${logPath}?webhookId=${h.id}`}>
                      {translate('webhooks.log')}
                    </Link>
                    {canWrite ? (
                      <>
                        <Button
                          size="small"
                          onClick={() => {
                            setFormError(null);
                            setEditing(h);
                          }}
                        >
                          {translate('webhooks.editShort')}
                        </Button>
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() =>
                            void run(
                              'UPDATE_WEBHOOK',
                              { id: h.id, enabled: !h.enabled },
                              'webhooks.saved',
                            )
                          }
                        >
                          {translate(h.enabled ? 'webhooks.disable' : 'webhooks.enable')}
                        </Button>
                        <Button size="small" disabled={busy} onClick={() => void rotate(h)}>
                          {translate('webhooks.rotate')}
                        </Button>
                        <Button size="small" color="error" onClick={() => setDeleting(h)}>
                          {translate('ra.action.delete')}
                        </Button>
                      </>
                    ) : null}
                  </Stack>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {editing ? (
        <WebhookForm
          hook={editing === 'new' ? null : editing}
          busy={busy}
          error={formError}
          onSave={(f) => void save(f)}
          onClose={() => setEditing(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('webhooks.deleteTitle')}
        text={deleting?.url ?? ''}
        confirmLabel={translate('ra.action.delete')}
        danger
        busy={busy}
        onConfirm={() => {
          if (deleting)
            void run('DELETE_WEBHOOK', { id: deleting.id }, 'webhooks.deleted').then(() =>
              setDeleting(null),
            );
        }}
        onClose={() => setDeleting(null)}
      />
    </Box>
  );
}
