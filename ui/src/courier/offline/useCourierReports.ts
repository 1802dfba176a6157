import { useCallback, useState, useSyncExternalStore } from 'react';
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

/**
 * The stops whose report is on its way and whose route is being read again. A report leaves the
 * waiting list when the server has it, before the route read after it arrives: in between, the
 * page would show the route read before the report for a moment (a delivered stop not done, a
 * delivery back to "report the pickup first"). These stops count as done until the read after
 * the report is in (a refused report shows as it was once that read is in).
 */
export function useLanding(): {
  landing: ReadonlySet<string>;
  during: <T>(keys: ReadonlySet<string>, work: () => Promise<T>) => Promise<T>;
} {
  const [landing, setLanding] = useState<ReadonlySet<string>>(() => new Set());
  const during = useCallback(async <T>(keys: ReadonlySet<string>, work: () => Promise<T>) => {
    setLanding((current) => new Set([...current, ...keys]));
    try {
      return await work();
    } finally {
      setLanding((current) => new Set([...current].filter((k) => !keys.has(k))));
    }
  }, []);
  return { landing, during };
}
