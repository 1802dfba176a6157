import { describe, expect, it } from '@jest/globals';
import { latestPath } from './latestPath';

describe('latestPath: a URL view merges into the address as it is now', () => {
  const rendered = {
    pathname: '/planner/1/shipments-search/2026-12-03/2026-12-03/070900',
    splat: '2026-12-03/2026-12-03/070900',
  };

  it('reads the splat and base of a navigation the screen has not rendered yet', () => {
    expect(latestPath(rendered, '/planner/1/shipments-search/2026-12-03/2026-12-03')).toEqual({
      splat: '2026-12-03/2026-12-03',
      base: 'shipments-search',
    });
    expect(latestPath(rendered, '/planner/1/shipments/all/2000-01-01/2099-12-31/')).toEqual({
      splat: 'all/2000-01-01/2099-12-31',
      base: 'shipments',
    });
  });

  it('decodes each segment as the router does for its params', () => {
    expect(latestPath(rendered, '/planner/1/shipments-search/a/b/50%25%20off%2Fx').splat).toBe(
      'a/b/50% off%2Fx',
    );
  });

  it('a route without its splat yet, and a splat from nothing', () => {
    const bare = { pathname: '/planner/1/invoicing', splat: '' };
    expect(latestPath(bare, '/planner/1/invoicing/2026-12-01/2026-12-31/ERROR')).toEqual({
      splat: '2026-12-01/2026-12-31/ERROR',
      base: 'invoicing',
    });
    expect(latestPath(rendered, '/planner/1/shipments-search')).toEqual({
      splat: '',
      base: 'shipments-search',
    });
  });

  it("another route's address (the page is leaving) gives what was rendered", () => {
    expect(latestPath(rendered, '/planner/2/shipments-search/2026-12-04')).toEqual({
      splat: rendered.splat,
      base: 'shipments-search',
    });
    expect(latestPath(rendered, '/admin')).toEqual({
      splat: rendered.splat,
      base: 'shipments-search',
    });
  });
});
