import type * as AppRootModule from './AppRoot';
import { mainPageOf, type MainPage } from './mainPages';

/**
 * The chunks a page of the app needs, asked for as soon as the entry runs, while the session is
 * being checked, instead of one after the other (entry → session → app → page): issue 37 §5,
 * docs/decisions/0046-web-start-up.md. The same modules as the lazy pages', so each chunk is
 * fetched and run once. Only paths outside the public pages come here: the app's root (with the
 * planner's light shell), and react-admin's shell when the path is not a planner page.
 */
const pages: Record<MainPage, () => Promise<unknown>> = {
  shipments: () => import('../planner/Shipments'),
  planning: () => import('../planner/planning/PlanningPage'),
  live: () => import('../planner/live/LivePage'),
};

/** The app's chunk, and the chunk of the page at `path` when it is one of the main pages. */
export function preloadApp(path: string): Promise<typeof AppRootModule> {
  const app = import('./AppRoot');
  // A failure here is met again, and handled, where the page itself loads the chunk.
  if (!/^\/planner(\/|$)/.test(path)) import('./AdminApp').catch(() => undefined);
  const page = mainPageOf(path);
  if (page) pages[page]().catch(() => undefined);
  return app;
}
