import type { RoutePoint } from '@nordlog/contracts';
import { useTranslate } from 'react-admin';
import { clockTime } from '../planning/planningData';
import type { ArrivalEstimate } from '@nordlog/contracts';

/**
 * What a stop shows for its time: done; the estimated arrival from the courier's position while
 * the slot is driven; else the planned arrival. Late when that arrival is after the window.
 */
export function useStopTime(
  point: RoutePoint,
  estimate: ArrivalEstimate | undefined,
  timeZone: string,
): { text: string; late: boolean } {
  const translate = useTranslate();
  if (point.done) return { text: translate('live.done'), late: false };
  if (estimate) {
    const time = clockTime(new Date(estimate.arrival).toISOString(), timeZone);
    return { text: translate('live.eta', { time }), late: estimate.late };
  }
  return {
    text: translate('live.planned', { time: clockTime(point.arrival, timeZone) }),
    late: point.late,
  };
}
