import PrintIcon from '@mui/icons-material/Print';
import Button, { type ButtonProps } from '@mui/material/Button';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate } from 'react-router-dom';
import { useScreenBase } from '../portal/portalContext';
import { useMayRun } from '../access/useMayRun';
import { HttpFailure, type UiError } from '../errors/parse';
import type { Translate } from '../i18n/translator';
import { createLabels } from './printLabels';

/** Why an order got no labels, in the user's language (the server's params name order and state). */
function reason(e: UiError, translate: Translate): string {
  const { orderId, state } = e.params ?? {};
  if (e.errorType === 'LABEL_NOT_PRINTABLE' && typeof orderId === 'string')
    return translate('labels.notPrintable', {
      orderId,
      state: typeof state === 'string' ? translate(`states.${state}`) : '',
    });
  if (e.errorType) return translate(`errors.${e.errorType}`, { _: e.description ?? e.errorType });
  return e.description ?? translate('errors.unknown');
}

/**
 * "Print labels" for some orders: records the print (a label document) and opens its page. Shown
 * only to users the server lets print labels (spec §6, the same permission table).
 */
export function PrintLabelsButton(props: {
  orderIds: readonly string[];
  variant?: ButtonProps['variant'];
  size?: ButtonProps['size'];
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const mayRun = useMayRun();
  // The planner's label page, or the customer portal's (docs/decisions/0074).
  const base = useScreenBase();
  const [busy, setBusy] = useState(false);
  const command = props.orderIds.length === 1 ? 'CREATE_LABEL' : 'CREATE_MULTIPLE_LABEL';
  if (props.orderIds.length === 0 || !mayRun(command)) return null;

  const print = async () => {
    setBusy(true);
    try {
      void navigate(await createLabels(base, props.orderIds));
    } catch (err) {
      if (!(err instanceof HttpFailure)) throw err;
      const reasons = [...new Set(err.errors.map((e) => reason(e, translate)))];
      notify(
        <span data-testid="labels-refused">
          {translate('labels.refused')}
          {reasons.slice(0, 5).map((r) => (
            <span key={r} style={{ display: 'block' }}>
              {r}
            </span>
          ))}
        </span>,
        { type: 'error' },
      );
    } finally {
      setBusy(false);
    }
  };

  return (
    <Button
      variant={props.variant ?? 'outlined'}
      size={props.size}
      color="secondary"
      startIcon={<PrintIcon />}
      disabled={busy}
      onClick={() => void print()}
      data-testid="print-labels"
    >
      {busy ? translate('labels.printing') : translate('labels.printLabels')}
    </Button>
  );
}
