import Switch from '@mui/material/Switch';
import { useState } from 'react';
import { useNotify, useRecordContext, useRefresh, useTranslate } from 'react-admin';
import { useMayRun } from '../../../access/useMayRun';
import { failureText } from '../../../errors/parse';
import { sendCommand } from '../../../shell/api';

/**
 * A rule's switch in its list (docs/decisions/0087): ENABLE_UPSALES_RULE or DISABLE_UPSALES_RULE,
 * the list read again once the command is answered (and pushed to other open lists).
 */
export function EnabledSwitch(_: { source: string; label?: string; sortable?: boolean }) {
  const record = useRecordContext<{ id: string; name: string; enabled: boolean }>();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const mayRun = useMayRun();
  const [busy, setBusy] = useState(false);
  if (!record) return null;
  const toggle = async () => {
    setBusy(true);
    try {
      await sendCommand(record.enabled ? 'DISABLE_UPSALES_RULE' : 'ENABLE_UPSALES_RULE', {
        id: record.id,
      });
      notify(translate(record.enabled ? 'upsales.disabledDone' : 'upsales.enabledDone'), {
        type: 'info',
      });
    } catch (err) {
      notify(failureText(err, translate), { type: 'error' });
    } finally {
      setBusy(false);
      refresh();
    }
  };
  return (
    <Switch
      checked={record.enabled}
      disabled={busy || !mayRun('DISABLE_UPSALES_RULE')}
      // The row opens the edit page on a click: the switch is not the row's.
      onClick={(e) => e.stopPropagation()}
      onChange={() => void toggle()}
      slotProps={{
        input: {
          'aria-label': translate(record.enabled ? 'upsales.disable' : 'upsales.enable', {
            name: record.name,
          }),
        },
      }}
    />
  );
}
