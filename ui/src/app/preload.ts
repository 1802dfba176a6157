import type * as AdminAppModule from './AdminApp';

/**
 * The chunks a page of the app needs, asked for as soon as the entry runs, while the session is
 * being checked, instead of one after the other (entry → session → app → page): issue 37 §5,
 * docs/decisions/0046-web-start-up.md. The same `import()`s as the lazy pages', so each chunk
 * is fetched and run once. Only paths outside the public pages come here.
 */
const screens: [RegExp, () => Promise<unknown>][] = [
  [/^\/planner\/[^/]+\/shipments(-search)?(\/|$)/, () => import('../planner/Shipments')],
  [/^\/planner\/[^/]+\/planning(\/|$)/, () => import('../planner/planning/PlanningPage')],
  [/^\/planner\/[^/]+\/live2?(\/|$)/, () => import('../planner/live/LivePage')],
];

/** The app's chunk, and the chunk of the page at `path` when it is one of the main screens. */
export function preloadApp(path: string): Promise<typeof AdminAppModule> {
  const app = import('./AdminApp');
  const screen = screens.find(([pattern]) => pattern.test(path))?.[1];
  // A failure here is met again, and handled, where the page itself loads the chunk.
  if (screen) screen().catch(() => undefined);
  return app;
}
