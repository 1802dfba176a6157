/**
 * The planner's main pages by path: the shipments pages, the planning board and the live view,
 * whose chunks the start-up asks for beside the session (preload.ts) and has loaded before the
 * app's first render (AppRoot's `preloadPage`), docs/decisions/0046-web-start-up.md.
 */
export type MainPage = 'shipments' | 'planning' | 'live';

export function mainPageOf(path: string): MainPage | null {
  if (/^\/planner\/[^/]+\/shipments(-search)?(\/|$)/.test(path)) return 'shipments';
  if (/^\/planner\/[^/]+\/planning(\/|$)/.test(path)) return 'planning';
  if (/^\/planner\/[^/]+\/live2?(\/|$)/.test(path)) return 'live';
  return null;
}
