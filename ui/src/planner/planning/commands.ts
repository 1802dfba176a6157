import type { CommandName } from '@nordlog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { HttpFailure, errorMessages, type UiError } from '../../errors/parse';
import { sendCommand } from '../../shell/api';
import {
  chunks,
  mergeOutcomes,
  outcomeOfAnswer,
  outcomeOfError,
  type BulkOutcome,
} from '../shipmentsData';
import { toastTimeouts } from '../../shell/timeouts';
import { SLOT_VIEWS } from './planningData';

type Translate = (key: string, options?: Record<string, unknown>) => string;

const MISSING = '\u0000missing\u0000';

/** Spec §8 display: each error by its translated type, else its description (one line each). */
export function failureText(err: unknown, translate: Translate): string {
  if (!(err instanceof HttpFailure)) return translate('errors.server');
  return errorMessages(
    err.errors,
    err.status,
    translate,
    (key) => translate(key, { _: MISSING }) !== MISSING,
  ).join(' ');
}

/** The first error of a refused command, when it is of this type. */
export function failureOfType(err: unknown, errorType: string): UiError | null {
  if (!(err instanceof HttpFailure)) return null;
  return err.errors.find((e) => e.errorType === errorType) ?? null;
}

export interface RunOptions {
  /** A confirmation toast (a message key) and its arguments and time on screen. */
  success?: string;
  successArgs?: Record<string, unknown>;
  successMs?: number;
  /** A refusal the caller shows itself (true: handled, no error toast). */
  onFailure?: (err: unknown) => boolean;
  /** The error toast instead of the server's message (a message key). */
  failure?: string;
}

/**
 * Sends a planning command: a confirmation toast when it is done, the refusal's message as an
 * error toast otherwise (spec §8), and the board's slot views refetched (the command's position is
 * remembered, so the query answers with the change in it; other planners get it by the socket).
 * Resolves to the answer, or null when refused.
 */
export function usePlanningCommand() {
  const notify = useNotify();
  const translate = useTranslate();
  const queryClient = useQueryClient();
  return useCallback(
    async (name: CommandName, payload: unknown, options: RunOptions = {}) => {
      try {
        const answer = await sendCommand(name, payload);
        if (options.success)
          notify(options.success, {
            type: 'success',
            messageArgs: options.successArgs,
            autoHideDuration: options.successMs ?? toastTimeouts.default,
          });
        void queryClient.invalidateQueries({ queryKey: [SLOT_VIEWS] });
        return answer;
      } catch (err) {
        if (options.onFailure?.(err)) return null;
        notify(options.failure ? translate(options.failure) : failureText(err, translate), {
          type: 'error',
        });
        return null;
      }
    },
    [notify, translate, queryClient],
  );
}

/** UNASSIGN_CONSIGNMENTS (spec §4 unassign, force-unassign, bulk): what succeeded and failed. */
export async function runUnassign(ids: readonly string[], force: boolean): Promise<BulkOutcome> {
  const outcomes: BulkOutcome[] = [];
  for (const chunk of chunks(ids)) {
    try {
      const answer = await sendCommand('UNASSIGN_CONSIGNMENTS', { consignmentIds: chunk, force });
      outcomes.push(outcomeOfAnswer(answer));
    } catch (err) {
      if (!(err instanceof HttpFailure)) throw err;
      outcomes.push(outcomeOfError(chunk, err.errors));
    }
  }
  return mergeOutcomes(outcomes);
}
