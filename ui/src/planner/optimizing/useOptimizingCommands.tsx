import type { RouteStop, RouteSuggestionView } from '@nordlog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { HttpFailure } from '../../errors/parse';
import { sendCommand } from '../../shell/api';
import { confirmationTimeouts, toastTimeouts } from '../../shell/timeouts';
import { failureOfType, failureText, usePlanningCommand } from '../planning/commands';
import { SLOT_VIEWS } from '../planning/planningData';
import {
  OPTIMIZING_RUNS,
  ROUTE_SUGGESTIONS,
  applyAllPayloads,
  applyPayload,
  runIdOfRefusal,
} from './optimizingData';

/** What a day's run is asked with (START_OPTIMIZING). */
export interface StartOptions {
  departmentId: string;
  date: string;
  seconds: number;
  includeUnassigned: boolean;
}

/**
 * The optimising commands with their toasts (spec §7: a suggested route applied 5000 ms,
 * cancelled 3000 ms; a refusal as an error toast, spec §8), each followed by a fetch of the runs
 * and suggestions it changed (the socket brings the same to other planners).
 */
export function useOptimizingCommands() {
  const run = usePlanningCommand();
  const notify = useNotify();
  const translate = useTranslate();
  const client = useQueryClient();
  const refresh = useCallback(() => {
    void client.invalidateQueries({ queryKey: [OPTIMIZING_RUNS] });
    void client.invalidateQueries({ queryKey: [ROUTE_SUGGESTIONS] });
  }, [client]);

  /** A run is going already: say which (spec §8 error by its type, with the run named). */
  const refusedRunning = useCallback(
    (err: unknown) => {
      const e = failureOfType(err, 'OPTIMIZING_RUNNING');
      if (!e) return false;
      notify(
        translate('errors.OPTIMIZING_RUNNING', {
          ...e.params,
          runId: runIdOfRefusal(e.params, e.description) ?? '?',
        }),
        { type: 'error' },
      );
      return true;
    },
    [notify, translate],
  );

  const start = useCallback(
    async (options: StartOptions) => {
      const answer = await run('START_OPTIMIZING', options, {
        success: 'optimizing.run.started',
        onFailure: refusedRunning,
      });
      refresh();
      return answer;
    },
    [run, refresh, refusedRunning],
  );

  const cancelRun = useCallback(
    async (id: string) => {
      const answer = await run(
        'CANCEL_RUNNING_OPTIMIZING',
        { id },
        { success: 'optimizing.run.cancelled' },
      );
      refresh();
      return answer;
    },
    [run, refresh],
  );

  /** A short run for one slot (suggest, reversed, on shipment level) that ends in a suggestion. */
  const slotRun = useCallback(
    async (
      command:
        'CREATE_SUGGESTED_ROUTE' | 'REVERSED_OPTIMIZE_SLOT' | 'OPTIMIZE_SLOT_ON_SHIPMENT_LEVEL',
      slotId: string,
      name: string,
    ) => {
      const answer = await run(
        command,
        { slot: slotId },
        { success: 'optimizing.slot.requested', successArgs: { name }, onFailure: refusedRunning },
      );
      refresh();
      return answer;
    },
    [run, refresh, refusedRunning],
  );

  const suggestWith = useCallback(
    async (slotId: string, name: string, consignments: string[], allowSortingErrors: boolean) => {
      const answer = await run(
        'CREATE_SUGGESTED_ROUTE_WITH_CONSIGNMENTS',
        { slot: slotId, consignments, allowSortingErrors },
        { success: 'optimizing.slot.requested', successArgs: { name }, onFailure: refusedRunning },
      );
      refresh();
      return answer;
    },
    [run, refresh, refusedRunning],
  );

  const apply = useCallback(
    async (s: RouteSuggestionView, name: string) => {
      const answer = await run('APPLY_SUGGESTED_ROUTE', applyPayload(s), {
        success: 'optimizing.suggestion.applied',
        successArgs: { smart_count: 1, name },
        successMs: confirmationTimeouts.suggestedRouteApplied,
      });
      refresh();
      return answer;
    },
    [run, refresh],
  );

  const cancel = useCallback(
    async (s: RouteSuggestionView, name: string) => {
      const answer = await run(
        'CANCEL_SUGGESTED_ROUTE',
        { slot: s.slotId },
        {
          success: 'optimizing.suggestion.cancelled',
          successArgs: { smart_count: 1, name },
          successMs: confirmationTimeouts.suggestedRouteCancelled,
        },
      );
      refresh();
      return answer;
    },
    [run, refresh],
  );

  /**
   * Applies (or cancels) every suggestion, one after the other (each decides on the slot as the
   * one before left it); one toast with how many succeeded, and the reasons of those that failed.
   */
  const all = useCallback(
    async (
      kind: 'apply' | 'cancel',
      list: readonly RouteSuggestionView[],
      nameOf: (slotId: string) => string,
    ) => {
      const failed: { name: string; reason: string }[] = [];
      let done = 0;
      const sends =
        kind === 'apply'
          ? applyAllPayloads(list).map((payload) => ({
              slotId: payload.slot,
              send: () => sendCommand('APPLY_SUGGESTED_ROUTE', payload),
            }))
          : list.map((s) => ({
              slotId: s.slotId,
              send: () => sendCommand('CANCEL_SUGGESTED_ROUTE', { slot: s.slotId }),
            }));
      for (const { slotId, send } of sends) {
        try {
          await send();
          done++;
        } catch (err) {
          if (!(err instanceof HttpFailure)) throw err;
          failed.push({ name: nameOf(slotId), reason: failureText(err, translate) });
        }
      }
      void client.invalidateQueries({ queryKey: [SLOT_VIEWS] });
      refresh();
      const ms =
        kind === 'apply'
          ? confirmationTimeouts.suggestedRouteApplied
          : confirmationTimeouts.suggestedRouteCancelled;
      if (failed.length === 0) {
        notify(`optimizing.suggestion.${kind === 'apply' ? 'appliedAll' : 'cancelledAll'}`, {
          type: 'success',
          messageArgs: { smart_count: done },
          autoHideDuration: ms,
        });
      } else {
        notify(
          <span data-testid="suggestions-result">
            {translate('optimizing.suggestion.allResult', { ok: done, failed: failed.length })}
            {failed.slice(0, 5).map((f) => (
              <span key={f.name} style={{ display: 'block' }}>
                {`${f.name}: ${f.reason}`}
              </span>
            ))}
          </span>,
          { type: done === 0 ? 'error' : 'warning', autoHideDuration: toastTimeouts.notice },
        );
      }
      return { done, failed };
    },
    [client, notify, refresh, translate],
  );

  const reorder = useCallback(
    async (slotId: string, route: RouteStop[]) => {
      const answer = await run('REORDER_SUGGESTED_ROUTE', { slot: slotId, route });
      refresh();
      return answer;
    },
    [run, refresh],
  );

  /** Leaves consignments out of every suggestion that would bring them onto a slot. */
  const leaveOut = useCallback(
    async (consignments: string[]) => {
      const answer = await run(
        'DELETE_UNASSIGNED_ROUTE_POINT_SUGGESTIONS',
        { consignments },
        {
          success: 'optimizing.suggestion.leftOut',
          successArgs: { smart_count: consignments.length },
        },
      );
      refresh();
      return answer;
    },
    [run, refresh],
  );

  return { start, cancelRun, slotRun, suggestWith, apply, cancel, all, reorder, leaveOut };
}
