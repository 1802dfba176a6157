import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import {
  webhookMessageStatuses,
  type WebhookMessage,
  type WebhookMessageDetails,
} from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { useMayRun } from '../access/useMayRun';
import { failureText } from '../errors/parse';
import { PageHeader } from '../layout/PageHeader';
import { usePageTitle } from '../layout/pageTitle';
import { useCustomerNames } from '../planner/invoicing/queries';
import { freshQuery } from '../preAdvice/queries';
import { sendCommand } from '../shell/api';
import { MessageDetails } from './MessageDetails';
import { WEBHOOK_MESSAGES_KEY, statusColor, when } from './queries';

/**
 * `/webhook-messages` (spec §2; docs/decisions/0070): the delivery log, newest first, filtered by
 * customer, hook, status and day; a message opens with each try and the receiver's answer, and is
 * sent again (replay) from there.
 */
export default function WebhookMessagesPage() {
  const translate = useTranslate();
  const locale = useLocale();
  const notify = useNotify();
  const mayRun = useMayRun();
  const queryClient = useQueryClient();
  usePageTitle('webhooks.messagesTitle');
  const [search, setSearch] = useSearchParams();
  const filter = {
    customerId: search.get('customerId') ?? '',
    webhookId: search.get('webhookId') ?? '',
    status: search.get('status') ?? '',
    date: search.get('date') ?? '',
  };
  const open = search.get('id');
  const set = (patch: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(patch))
      if (v) next.set(k, v);
      else next.delete(k);
    setSearch(next, { replace: true });
  };
  const params = Object.fromEntries(Object.entries(filter).filter(([, v]) => v));
  const list = useQuery({
    queryKey: [WEBHOOK_MESSAGES_KEY, params],
    queryFn: () => freshQuery<WebhookMessage[]>('webhookMessages', params),
  });
  const rows = list.data ?? [];
  const customers = useCustomerNames(rows.map((r) => r.customerId));
  const [busy, setBusy] = useState(false);
  const replay = async (m: WebhookMessageDetails) => {
    setBusy(true);
    try {
      await sendCommand('REPLAY_WEBHOOK_MESSAGE', { webhookId: m.webhookId, messageId: m.id });
      notify(translate('webhooks.replayed'), { type: 'info' });
    } catch (err) {
      notify(failureText(err, translate), { type: 'error' });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: [WEBHOOK_MESSAGES_KEY] });
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={translate('webhooks.messagesTitle')} />
      <Stack direction="row" spacing={2} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <TextField
          select
          size="small"
          sx={{ minWidth: 180 }}
          label={translate('webhooks.status')}
          value={filter.status}
          onChange={(e) => set({ status: e.target.value })}
        >
          <MenuItem value="">{translate('webhooks.allStatuses')}</MenuItem>
          {webhookMessageStatuses.map((s) => (
            <MenuItem key={s} value={s}>
              {translate(`webhooks.statuses.${s}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          type="date"
          label={translate('webhooks.date')}
          value={filter.date}
          onChange={(e) => set({ date: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </Stack>
      <TableContainer component={Paper}>
        <Table size="small" aria-label={translate('webhooks.messagesTitle')}>
          <TableHead>
            <TableRow>
              <TableCell>{translate('webhooks.queued')}</TableCell>
              <TableCell>{translate('webhooks.customer')}</TableCell>
              <TableCell>{translate('webhooks.eventType')}</TableCell>
              <TableCell>{translate('webhooks.order')}</TableCell>
              <TableCell>{translate('webhooks.status')}</TableCell>
              <TableCell>{translate('webhooks.attempts')}</TableCell>
              <TableCell>{translate('webhooks.lastAnswer')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.length === 0 ? (
              <TableRow>
                <TableCell colSpan={7}>
                  {translate(list.isLoading ? 'ra.page.loading' : 'webhooks.noMessages')}
                </TableCell>
              </TableRow>
            ) : null}
            {rows.map((m) => (
              <TableRow
                key={m.id}
                hover
                selected={m.id === open}
                onClick={() => set({ id: m.id })}
                sx={{ cursor: 'pointer' }}
                data-testid={`webhook-message-${m.id}`}
              >
                <TableCell>{when(m.createdAt, locale)}</TableCell>
                <TableCell>{customers.get(m.customerId) ?? `#${m.customerId}`}</TableCell>
                <TableCell>
                  {translate(`webhooks.event.${m.eventType}`)}
                  {m.replayOf ? ` (${translate('webhooks.replayShort')})` : ''}
                </TableCell>
                <TableCell>{m.orderId}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={statusColor(m.status)}
                    label={translate(`webhooks.statuses.${m.status}`)}
                  />
                </TableCell>
                <TableCell>{m.attempts}</TableCell>
                <TableCell sx={{ wordBreak: 'break-all' }}>
                  {m.lastStatusCode ?? ''} {m.status === 'DELIVERED' ? '' : (m.lastError ?? '')}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </TableContainer>
      {open ? (
        <MessageDetails
          id={open}
          canReplay={mayRun('REPLAY_WEBHOOK_MESSAGE')}
          busy={busy}
          onReplay={(m) => void replay(m)}
        />
      ) : null}
    </Box>
  );
}
