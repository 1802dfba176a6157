import { describe, expect, it } from '@jest/globals';
import { emptyViewState, loadViewState, saveViewState, viewStateKey } from './viewState';

const memory = () => {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
  };
};

describe('grid view state (UI.md: sort, filters and scroll position per view)', () => {
  it('round-trips per view; other views start empty', () => {
    const s = memory();
    const state = {
      sort: { columnId: 'weight', desc: true },
      filters: { state: 'del' },
      scrollTop: 300,
    };
    saveViewState(s, 'ShipmentPageGrid', state);
    expect(loadViewState(s, 'ShipmentPageGrid', ['weight', 'state'])).toEqual(state);
    expect(loadViewState(s, 'InstantOrdersGrid', ['weight', 'state'])).toEqual(emptyViewState);
  });

  it('drops unknown columns, empty filters and malformed data', () => {
    const s = memory();
    s.setItem(
      viewStateKey('v'),
      JSON.stringify({
        sort: { columnId: 'gone', desc: false },
        filters: { a: ' ', b: 'x', gone: 'y' },
        scrollTop: -4,
      }),
    );
    expect(loadViewState(s, 'v', ['a', 'b'])).toEqual({
      sort: null,
      filters: { b: 'x' },
      scrollTop: 0,
    });
    s.setItem(viewStateKey('v'), 'not json');
    expect(loadViewState(s, 'v', ['a'])).toEqual(emptyViewState);
  });
});
