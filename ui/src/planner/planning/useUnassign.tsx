import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { toastTimeouts } from '../../shell/timeouts';
import { runUnassign } from './commands';
import { ConfirmDialog } from './Dialogs';
import { SLOT_VIEWS } from './planningData';

/**
 * Unassigning (one consignment, the selection, or a whole slot) asks first (spec §7); "force" also
 * takes collected ones. The toast counts what was and was not unassigned, and why.
 */
export function useUnassign(onUnassigned: (ids: readonly string[]) => void) {
  const translate = useTranslate();
  const notify = useNotify();
  const queryClient = useQueryClient();
  const [unassignRequest, setUnassignRequest] = useState<string[] | null>(null);
  const [force, setForce] = useState(false);
  const [busy, setBusy] = useState(false);
  const unassign = async () => {
    if (!unassignRequest) return;
    setBusy(true);
    try {
      const outcome = await runUnassign(unassignRequest, force);
      const failed = outcome.failed;
      notify(
        <span data-testid="unassign-result">
          {translate('planning.unassign.result', {
            ok: outcome.succeeded.length,
            failed: failed.length,
          })}
          {failed.slice(0, 5).map((f) => (
            <span key={f.id} style={{ display: 'block' }}>
              {translate('planner.bulk.failure', {
                id: f.id,
                reason: f.errorType
                  ? translate(`errors.${f.errorType}`, { _: f.description ?? f.errorType })
                  : (f.description ?? translate('errors.unknown')),
              })}
            </span>
          ))}
        </span>,
        {
          type:
            failed.length === 0 ? 'success' : outcome.succeeded.length === 0 ? 'error' : 'warning',
          autoHideDuration: failed.length === 0 ? toastTimeouts.default : toastTimeouts.notice,
        },
      );
      onUnassigned(outcome.succeeded);
      void queryClient.invalidateQueries({ queryKey: [SLOT_VIEWS] });
    } catch {
      notify('errors.server', { type: 'error' });
    } finally {
      setBusy(false);
      setUnassignRequest(null);
      setForce(false);
    }
  };
  const dialog = (
    <ConfirmDialog
      open={unassignRequest !== null}
      title={translate('planning.unassign.title', { smart_count: unassignRequest?.length ?? 0 })}
      text={translate('planning.unassign.text', { smart_count: unassignRequest?.length ?? 0 })}
      confirmLabel={translate('planning.unassign.confirm')}
      danger
      busy={busy}
      onClose={() => {
        setUnassignRequest(null);
        setForce(false);
      }}
      onConfirm={() => void unassign()}
    >
      <FormControlLabel
        sx={{ mt: 1 }}
        control={<Checkbox checked={force} onChange={(e) => setForce(e.target.checked)} />}
        label={translate('planning.unassign.force')}
      />
    </ConfirmDialog>
  );
  return { request: setUnassignRequest, dialog };
}
