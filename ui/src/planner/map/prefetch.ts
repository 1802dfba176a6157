import { isCalendarDate } from '@nordlog/contracts';
import type { QueryClient } from '@tanstack/react-query';
import { todayIn } from '../../i18n/locales';
import { departmentMembers, departmentOptionsQuery, isGroupId } from '../../layout/useDepartments';
import { dayConsignmentsQuery, planningTimeZone } from '../planning/queries';
import { MAP_FIELDS } from './filters';
import { loadMapPage } from './routes';
import { departmentRowsQuery, shallowSlotsQuery } from './useMapData';

/** The map's paths (spec §2 `/map`, `/map2`), with the department (or group) they show. */
const MAP_PATH = /^\/planner\/([^/]+)\/(map2?)\/?$/;

/**
 * Render-as-you-fetch for the map: when the app starts on a map's URL, its code and the day's
 * rows, slots and departments are asked for at once, before React has rendered the page, under
 * the keys the page's own queries use (the page finds them on their way). Before, they were asked
 * only once the map's chunk had loaded and rendered: about 900 ms into a first load
 * (`npm run bench:map`).
 * The date is the URL's (`?date=`) or today in the department's zone, as the page has it; for a
 * group, or without a date, the department list comes first. Errors are the page's to show: a
 * prefetch stays quiet.
 */
export function prefetchMapData(
  client: QueryClient,
  location: { pathname: string; search: string },
  /** Whether the user may open a route rule (nothing is asked for a page they may not open). */
  mayOpen: (rule: string) => boolean,
): void {
  const match = MAP_PATH.exec(location.pathname);
  if (!match || !mayOpen(`/planner/:departmentId/${match[2]}`)) return;
  let departmentId: string;
  try {
    departmentId = decodeURIComponent(match[1]!);
  } catch {
    return; // not a department the router will find either (a malformed %-escape)
  }
  const dateParam = new URLSearchParams(location.search).get('date');
  const date = dateParam && isCalendarDate(dateParam) ? dateParam : null;
  // The map's code too: asked before the day's pages, it is not served after them.
  void loadMapPage().catch(() => undefined);
  const prefetchDay = (departmentIds: string[], day: string) => {
    if (departmentIds.length === 0) return;
    void client.prefetchQuery(dayConsignmentsQuery(departmentIds, day, undefined, MAP_FIELDS));
    void client.prefetchQuery(shallowSlotsQuery(departmentIds, day));
    void client.prefetchQuery(departmentRowsQuery(departmentIds));
  };
  if (date && !isGroupId(departmentId)) {
    void client.prefetchQuery(departmentOptionsQuery);
    prefetchDay([departmentId], date);
    return;
  }
  void client
    .fetchQuery(departmentOptionsQuery)
    .then((options) => {
      const day = date ?? todayIn(planningTimeZone(departmentId, options));
      prefetchDay(departmentMembers(departmentId, options), day);
    })
    .catch(() => undefined);
}
