import type { RoutePoint } from '@nordlog/contracts';
import { useTranslate } from 'react-admin';
import { clockTime } from '../planning/planningData';
import type { ArrivalEstimate } from '@nordlog/contracts';

type Translate = ReturnType<typeof useTranslate>;

/**
 * What a stop shows for its time: done; the estimated arrival from the courier's position while
 * the slot is driven; else the planned arrival. Late when that arrival is after the window.
 */
export function stopTime(
  point: RoutePoint,
  estimate: ArrivalEstimate | undefined,
  timeZone: string,
  translate: Translate,
): { text: string; late: boolean } {
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

/** `stopTime` in the user's language. */
export function useStopTime(
  point: RoutePoint,
  estimate: ArrivalEstimate | undefined,
  timeZone: string,
): { text: string; late: boolean } {
  return stopTime(point, estimate, timeZone, useTranslate());
}

/** A stop's one-line title on the map: its number, name and time, and whether it is late. */
export function stopTitle(
  point: RoutePoint,
  estimate: ArrivalEstimate | undefined,
  timeZone: string,
  translate: Translate,
): string {
  const time = stopTime(point, estimate, timeZone, translate);
  return `${point.sequence}. ${point.name} · ${time.text}${time.late ? ` · ${translate('live.late')}` : ''}`;
}
