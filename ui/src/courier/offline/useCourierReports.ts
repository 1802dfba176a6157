import { useCallback, useSyncExternalStore } from 'react';
import { useShell } from '../../app/UserContext';
import { copyShown, onCopyShown } from './copies';
import type { QueuedCommand } from './queue';
import { courierReports, type CourierReports, type QueueState, type ReportOutcome } from './sender';

/** The logged-in courier's stored reports and their state, kept current. */
export function useCourierReports(): { queue: CourierReports; state: QueueState } {
  const { user } = useShell();
  const queue = courierReports(user.id);
  const state = useSyncExternalStore(
    useCallback((listener: () => void) => queue.subscribe(listener), [queue]),
    () => queue.current,
  );
  return { queue, state };
}

/**
 * Reports something the courier did: stored on the phone, then sent (0072). The answer says
 * whether the server has it (`sent`, with its answer), refused it, or it waits (`queued`).
 */
export function useReport(): (
  name: QueuedCommand,
  payload: unknown,
  subject: string,
) => Promise<ReportOutcome> {
  const { user } = useShell();
  const queue = courierReports(user.id);
  return useCallback(
    (name: QueuedCommand, payload: unknown, subject: string) =>
      queue.report(name, payload, subject),
    [queue],
  );
}

/** Whether the browser says it is online, kept current. */
export function useOnline(): boolean {
  return useSyncExternalStore(
    (listener) => {
      window.addEventListener('online', listener);
      window.addEventListener('offline', listener);
      return () => {
        window.removeEventListener('online', listener);
        window.removeEventListener('offline', listener);
      };
    },
    () => navigator.onLine,
  );
}

/** The time of the copy the page shows instead of the server's answer (null: fresh). */
export function useCopyShown(): string | null {
  return useSyncExternalStore(onCopyShown, copyShown);
}
