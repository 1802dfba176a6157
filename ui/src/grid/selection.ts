/**
 * The grid's selection (spec §4): select all, single toggle, shift-range, group toggle, and
 * pruning when the data changes. Ids are strings; `order` is the rows' display order.
 */
export interface SelectionState {
  readonly selected: ReadonlySet<string>;
  /** The row a shift-click extends from: the last row toggled by a plain click. */
  readonly anchor: string | null;
}

export type SelectionAction =
  | { type: 'toggle'; id: string }
  | { type: 'range'; id: string; order: readonly string[] }
  | { type: 'toggleAll'; ids: readonly string[] }
  | { type: 'toggleGroup'; ids: readonly string[] }
  | { type: 'clear' }
  | { type: 'prune'; existing: ReadonlySet<string> };

export const emptySelection: SelectionState = { selected: new Set(), anchor: null };

/** 'all' when every id is selected, 'some', or 'none' (an empty list is 'none'). */
export function coverage(
  selected: ReadonlySet<string>,
  ids: readonly string[],
): 'all' | 'some' | 'none' {
  let n = 0;
  for (const id of ids) if (selected.has(id)) n++;
  return n === 0 ? 'none' : n === ids.length ? 'all' : 'some';
}

export function selectionReducer(state: SelectionState, action: SelectionAction): SelectionState {
  switch (action.type) {
    case 'toggle': {
      const selected = new Set(state.selected);
      if (selected.has(action.id)) selected.delete(action.id);
      else selected.add(action.id);
      return { selected, anchor: action.id };
    }
    case 'range': {
      const from = state.anchor === null ? -1 : action.order.indexOf(state.anchor);
      const to = action.order.indexOf(action.id);
      // Without an anchor among the rows, a shift-click is a plain toggle.
      if (from < 0 || to < 0) return selectionReducer(state, { type: 'toggle', id: action.id });
      const selected = new Set(state.selected);
      for (let i = Math.min(from, to); i <= Math.max(from, to); i++) selected.add(action.order[i]!);
      return { selected, anchor: state.anchor };
    }
    case 'toggleAll':
    case 'toggleGroup': {
      // A header (or group line) that is not fully ticked selects all its rows; fully ticked, it
      // clears them. Rows outside the list keep their state.
      const all = coverage(state.selected, action.ids) === 'all';
      const selected = new Set(state.selected);
      for (const id of action.ids) {
        if (all) selected.delete(id);
        else selected.add(id);
      }
      return { selected, anchor: state.anchor };
    }
    case 'clear':
      return state.selected.size === 0 ? state : { selected: new Set(), anchor: null };
    case 'prune': {
      const gone = [...state.selected].filter((id) => !action.existing.has(id));
      const anchorGone = state.anchor !== null && !action.existing.has(state.anchor);
      // Unchanged state keeps its identity, so pruning after every data change re-renders nothing.
      if (gone.length === 0 && !anchorGone) return state;
      const selected = new Set(state.selected);
      for (const id of gone) selected.delete(id);
      return { selected, anchor: anchorGone ? null : state.anchor };
    }
  }
}
