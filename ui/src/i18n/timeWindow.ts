type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The words for a window that ends the next day, in the user's language. */
export const nextDayWindow =
  (translate: Translate) =>
  (window: string): string =>
    translate('app.nextDayWindow', { window });

/**
 * A time window (HH:mm to HH:mm) as people read it: `09:00–17:00`; an end before its start is the
 * next morning (spec §5: the end date moves a day), so it says so: `18:00–09:00 (+1 day)` in the
 * user's language (`nextDay`, see `nextDayWindow`). One end missing shows the other alone with its
 * dash; none shows nothing.
 */
export function formatTimeWindow(
  from: string | null | undefined,
  to: string | null | undefined,
  nextDay: (window: string) => string,
): string {
  if (!from && !to) return '';
  const text = `${from ?? ''}–${to ?? ''}`;
  return from && to && to < from ? nextDay(text) : text;
}
