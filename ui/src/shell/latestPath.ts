import { useLocation, useParams } from 'react-router-dom';

/**
 * The route's splat (`*`) as the browser's address holds it now, for pages whose view lives in
 * the URL and changes by merging a part into it (shipments, invoicing), and the route's base (its
 * last own segment: `shipments` or `shipments-search`).
 *
 * The router renders a navigation as a React transition, which a suspended render can hold back;
 * a handler or a timer of the screen shown meanwhile still sees the view before that navigation.
 * Merging its change into that view would undo the navigation (a search field's settled phrase,
 * then a date range chosen at once: the range's click went back to the old phrase's dates). The
 * address bar is written at once by every navigation, so a change merges into what it says.
 */
export function latestPath(
  rendered: { pathname: string; splat: string },
  current: string,
): { splat: string; base: string } {
  const segments = (path: string) => path.replace(/\/+$/, '').split('/');
  const shown = segments(rendered.pathname);
  // The route's own segments, before the splat; the last of them is its base.
  const own = rendered.splat === '' ? shown.length : shown.length - segments(rendered.splat).length;
  const now = segments(current);
  const renderedBase = { splat: rendered.splat, base: shown[own - 1] ?? '' };
  // Another route's address (the page is leaving): what was rendered.
  if (now.length < own || shown.slice(0, own - 1).some((s, i) => s !== now[i])) return renderedBase;
  return { splat: now.slice(own).map(decodeSegment).join('/'), base: now[own - 1] ?? '' };
}

/** As the router decodes a path's segment for its params (a slash inside stays encoded). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment).replace(/\//g, '%2F');
  } catch {
    return segment;
  }
}

/** The current splat and route base, read when called (see `latestPath`). */
export function useLatestPath(): () => { splat: string; base: string } {
  const { pathname } = useLocation();
  const { '*': splat = '' } = useParams();
  return () => latestPath({ pathname, splat }, window.location.pathname);
}
