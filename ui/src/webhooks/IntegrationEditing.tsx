import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { WebhookDay, WebhookRow } from '@nordlog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useMayRun } from '../access/useMayRun';
import { failureText } from '../errors/parse';
import { CustomerPicker } from '../planner/invoicing/common';
import { ConfirmDialog } from '../planner/planning/Dialogs';
import { freshQuery } from '../preAdvice/queries';
import { sendCommand } from '../shell/api';
import { WEBHOOK_MESSAGES_KEY, WEBHOOKS_KEY } from './queries';
import { WebhookForm, type WebhookFields } from './WebhookForm';

type Editing = { hook: WebhookRow } | { hook: null; customerId: string };

/**
 * The integrations page's own edits (docs/decisions/0099): a hook created for a chosen customer,
 * edited or deleted with the customer screen's commands and form (CREATE_WEBHOOK, UPDATE_WEBHOOK,
 * DELETE_WEBHOOK). The new hook's secret is shown on the customer's hook screen (rotate there).
 */
export function useIntegrationEditing(): {
  newButton: ReactNode;
  rowActions: (row: WebhookDay) => ReactNode;
  dialogs: ReactNode;
} {
  const translate = useTranslate();
  const notify = useNotify();
  const mayRun = useMayRun();
  const queryClient = useQueryClient();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<WebhookDay | null>(null);
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: [WEBHOOK_MESSAGES_KEY] }),
      queryClient.invalidateQueries({ queryKey: [WEBHOOKS_KEY] }),
    ]);
  const act = async (work: () => Promise<unknown>, done: string, onError: (t: string) => void) => {
    setBusy(true);
    try {
      await work();
      notify(translate(done), { type: 'info' });
      return true;
    } catch (err) {
      onError(failureText(err, translate));
      return false;
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const open = async (row: WebhookDay) => {
    const hooks = await freshQuery<WebhookRow[]>('webhooks', { customerId: row.customerId });
    const hook = hooks.find((h) => h.id === row.webhookId);
    if (hook) {
      setFormError(null);
      setEditing({ hook });
    }
  };
  const save = async (fields: WebhookFields) => {
    if (!editing) return;
    setFormError(null);
    const ok = await act(
      () =>
        editing.hook
          ? sendCommand('UPDATE_WEBHOOK', { id: editing.hook.id, ...fields })
          : sendCommand('CREATE_WEBHOOK', { customerId: editing.customerId, ...fields }),
      'webhooks.saved',
      setFormError,
    );
    if (ok) setEditing(null);
  };
  const mayCreate = mayRun('CREATE_WEBHOOK');
  const mayUpdate = mayRun('UPDATE_WEBHOOK');
  const mayDelete = mayRun('DELETE_WEBHOOK');
  return {
    newButton: mayCreate ? (
      <Button
        variant="contained"
        onClick={() => {
          setFormError(null);
          setEditing({ hook: null, customerId: '' });
        }}
        data-testid="integration-new"
      >
        {translate('webhooks.new')}
      </Button>
    ) : null,
    rowActions: (row) =>
      row.deleted ? null : (
        <Stack direction="row" spacing={1}>
          {mayUpdate ? (
            <Button size="small" onClick={() => void open(row)} data-testid="integration-edit">
              {translate('webhooks.editShort')}
            </Button>
          ) : null}
          {mayDelete ? (
            <Button
              size="small"
              color="error"
              onClick={() => setDeleting(row)}
              data-testid="integration-delete"
            >
              {translate('ra.action.delete')}
            </Button>
          ) : null}
        </Stack>
      ),
    dialogs: (
      <>
        {editing ? (
          <WebhookForm
            hook={editing.hook}
            busy={busy}
            error={formError}
            incomplete={editing.hook === null && editing.customerId === ''}
            onSave={(f) => void save(f)}
            onClose={() => setEditing(null)}
          >
            {editing.hook === null ? (
              <Box sx={{ mt: 1, mb: 1 }} data-testid="integration-customer">
                <CustomerPicker
                  label={translate('webhooks.customer')}
                  kind="id"
                  value={editing.customerId}
                  onChange={(customerId) => setEditing({ hook: null, customerId })}
                  departmentIds={[]}
                  required
                  fullWidth
                />
              </Box>
            ) : null}
          </WebhookForm>
        ) : null}
        <ConfirmDialog
          open={deleting !== null}
          title={translate('webhooks.deleteTitle')}
          text={deleting ? `${deleting.customerName ?? ''} ${deleting.url}` : ''}
          confirmLabel={translate('ra.action.delete')}
          danger
          busy={busy}
          onConfirm={() => {
            if (deleting)
              void act(
                () => sendCommand('DELETE_WEBHOOK', { id: deleting.webhookId }),
                'webhooks.deleted',
                (text) => notify(text, { type: 'error' }),
              ).then(() => setDeleting(null));
          }}
          onClose={() => setDeleting(null)}
        />
      </>
    ),
  };
}
