import type { CommandName } from '@nordlog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { HttpFailure } from '../../errors/parse';
import { sendCommand, type CommandAnswer } from '../../shell/api';
import { toastTimeouts } from '../../shell/timeouts';
import { failureText } from '../planning/commands';
import {
  mergeOutcomes,
  outcomeOfAnswer,
  outcomeOfError,
  type BulkFailure,
  type BulkOutcome,
} from '../shipmentsData';
import { bulkCommand, type InvoicingBulkAction } from './bulkModel';
import {
  BILLING_ORDERS,
  CORRECTION_TOAST_MS,
  INVOICES,
  INVOICING_DATA,
  INVOICING_RUNS,
  ORDER_CORRECTIONS,
} from './invoicingModel';

/** A command's answer, or the refusal's text (spec §8 messages) for a form's banner. */
export type CommandResult = { ok: true; answer: CommandAnswer } | { ok: false; failure: string };

/**
 * The invoicing commands (`POST /api/command/{NAME}` with `{type, payload}`), each followed by a
 * fetch of the lists it changes (the socket brings the same to other planners); a confirmation
 * toast when done, the refusal as an error toast (spec §8). A bulk command may partly fail: its
 * toast counts what succeeded and lists the failed orders with their reasons.
 */
export function useInvoicingCommands() {
  const notify = useNotify();
  const translate = useTranslate();
  const client = useQueryClient();
  const refresh = useCallback(
    (...heads: string[]) => {
      for (const head of heads) void client.invalidateQueries({ queryKey: [head] });
    },
    [client],
  );

  const send = useCallback(
    async (name: CommandName, payload: unknown): Promise<CommandResult> => {
      try {
        return { ok: true, answer: await sendCommand(name, payload) };
      } catch (err) {
        return { ok: false, failure: failureText(err, translate) };
      }
    },
    [translate],
  );

  const reasonText = useCallback(
    (f: BulkFailure) =>
      f.errorType
        ? translate(`errors.${f.errorType}`, { _: f.description ?? f.errorType })
        : (f.description ?? translate('errors.unknown')),
    [translate],
  );

  /** Pause, release or set the status of orders, chunk by chunk; one toast with the outcome. */
  const bulk = useCallback(
    async (
      action: InvoicingBulkAction,
      payloads: readonly Record<string, unknown>[],
      shipmentOf: (orderId: string) => string,
    ): Promise<BulkOutcome> => {
      const outcomes: BulkOutcome[] = [];
      for (const payload of payloads) {
        const ids = (payload.orderIds as string[] | undefined) ?? [];
        try {
          outcomes.push(outcomeOfAnswer(await sendCommand(bulkCommand[action], payload)));
        } catch (err) {
          if (!(err instanceof HttpFailure)) {
            outcomes.push({
              succeeded: [],
              failed: ids.map((id) => ({ id, description: translate('errors.server') })),
            });
            continue;
          }
          outcomes.push(outcomeOfError(ids, err.errors));
        }
      }
      const outcome = mergeOutcomes(outcomes);
      const { failed, succeeded } = outcome;
      notify(
        <span data-testid="invoicing-bulk-result">
          {translate('invoicingScreen.bulk.result', {
            ok: succeeded.length,
            failed: failed.length,
          })}
          {failed.slice(0, 5).map((f) => (
            <span key={f.id} style={{ display: 'block' }} data-testid="invoicing-bulk-failure">
              {translate('invoicingScreen.bulk.failure', {
                id: shipmentOf(f.id),
                reason: reasonText(f),
              })}
            </span>
          ))}
          {failed.length > 5 ? <span style={{ display: 'block' }}>…</span> : null}
        </span>,
        {
          type: failed.length === 0 ? 'success' : succeeded.length === 0 ? 'error' : 'warning',
          autoHideDuration: failed.length === 0 ? toastTimeouts.short : toastTimeouts.notice,
        },
      );
      refresh(INVOICING_DATA);
      return outcome;
    },
    [notify, translate, reasonText, refresh],
  );

  /** START_INVOICING_RUN: the run joins the runs panel, which follows it to its end. */
  const startRun = useCallback(
    async (payload: Record<string, unknown>): Promise<CommandResult> => {
      const result = await send('START_INVOICING_RUN', payload);
      if (result.ok)
        notify('invoicingScreen.run.started', {
          type: 'success',
          autoHideDuration: toastTimeouts.short,
        });
      refresh(INVOICING_RUNS);
      return result;
    },
    [send, notify, refresh],
  );

  /** CREATE_BILLING_ORDER; a refusal is the form's to show. */
  const createBillingOrder = useCallback(
    async (payload: Record<string, unknown>): Promise<CommandResult> => {
      const result = await send('CREATE_BILLING_ORDER', payload);
      if (result.ok) {
        notify('invoicingScreen.billing.form.created', { type: 'success' });
        refresh(BILLING_ORDERS);
      }
      return result;
    },
    [send, notify, refresh],
  );

  /** Accept or reject a correction: spec §7 toast of exactly CORRECTION_TOAST_MS. */
  const decideCorrection = useCallback(
    async (
      decision: 'accept' | 'reject',
      payload: Record<string, unknown>,
    ): Promise<CommandResult> => {
      const result = await send(
        decision === 'accept' ? 'ACCEPT_ORDER_CORRECTION' : 'REJECT_ORDER_CORRECTION',
        payload,
      );
      if (result.ok)
        notify(
          decision === 'accept'
            ? 'invoicingScreen.corrections.accepted'
            : 'invoicingScreen.corrections.rejected',
          { type: 'success', autoHideDuration: CORRECTION_TOAST_MS },
        );
      else notify(result.failure, { type: 'error' });
      refresh(ORDER_CORRECTIONS, INVOICING_DATA);
      return result;
    },
    [send, notify, refresh],
  );

  /** CREATE_ORDER_CORRECTION: a planner's proposal, which then waits for a decision. */
  const proposeCorrection = useCallback(
    async (payload: Record<string, unknown>): Promise<CommandResult> => {
      const result = await send('CREATE_ORDER_CORRECTION', payload);
      if (result.ok)
        notify('invoicingScreen.corrections.created', {
          type: 'success',
          autoHideDuration: toastTimeouts.short,
        });
      refresh(ORDER_CORRECTIONS, INVOICING_DATA);
      return result;
    },
    [send, notify, refresh],
  );

  /** After a run ends, its orders' statuses and its invoices changed. */
  const runsEnded = useCallback(() => refresh(INVOICING_DATA, INVOICES), [refresh]);

  return { bulk, startRun, createBillingOrder, decideCorrection, proposeCorrection, runsEnded };
}
