/**
 * The grid's scrolling body (TanStack Virtual) and its rows: the only part that renders while
 * scrolling, and of it only the rows that come into view.
 */
import Typography from '@mui/material/Typography';
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  useCallback,
  useMemo,
  useImperativeHandle,
  useRef,
  type RefObject,
  type ReactNode,
} from 'react';
import type { RowLabels } from './rowLabels';
import { gridConstants } from './constants';
import type { GridItem } from './grouping';
import { coverage } from './selection';
import type { OptionalColumnId } from './rowActions';
import { GroupLine, RowView } from './GridRows';
import type { GridActions, GridColumn, GridRowBase } from './types';

const { rowHeight, overscan } = gridConstants;
const estimateSize = () => rowHeight;

/** A cell's classes: its column's width comes from a rule of the grid (`ng-col-{id}`). */
const cellClass = (c: { id: string; align?: 'left' | 'right' }) =>
  `ng-cell ng-col-${c.id}${c.align === 'right' ? ' ng-right' : ''}`;

export interface BodyApi {
  scrollToIndex(index: number, align: 'auto' | 'center'): void;
}

export interface GridBodyProps<T extends GridRowBase> {
  apiRef: RefObject<BodyApi | null>;
  headRef: RefObject<HTMLDivElement | null>;
  items: readonly GridItem<T>[];
  height: number;
  width: number;
  initialScrollTop: number;
  onScrollTop: (top: number) => void;
  domId: string;
  columns: readonly GridColumn<T>[];
  optional: readonly OptionalColumnId[];
  actions: GridActions<T> | undefined;
  labels: RowLabels;
  selected: ReadonlySet<string>;
  selectable: (row: T) => boolean;
  activeIndex: number;
  isHighPriority: ((row: T) => boolean) | undefined;
  /** The loading or empty text, shown instead of rows. */
  status: ReactNode;
  onToggleRow: (id: string, shift: boolean) => void;
  onToggleGroup: (ids: readonly string[]) => void;
  onExpand: (groupId: string) => void;
  onActivate: (index: number) => void;
  onMenu: (anchor: HTMLElement, row: T) => void;
}

/**
 * The scrolling rows (TanStack Virtual): only this part renders while scrolling, and of it only
 * the rows that come into view (spec §9: 30 px rows, 10 rows of overscan on each side).
 */
export function GridBody<T extends GridRowBase>(props: GridBodyProps<T>) {
  const { items, headRef, onScrollTop } = props;
  const scrollRef = useRef<HTMLDivElement | null>(null);
  // Stable options: a new getItemKey would make the virtualizer recompute every row's position
  // on every scroll step (100,000 of them).
  const getItemKey = useCallback((i: number) => items[i]?.id ?? i, [items]);
  const getScrollElement = useCallback(() => scrollRef.current, []);
  const cells = useMemo(
    () => props.columns.map((column) => ({ column, className: cellClass(column) })),
    [props.columns],
  );
  const virtualizer = useVirtualizer({
    count: items.length,
    getScrollElement,
    estimateSize,
    overscan,
    getItemKey,
    initialOffset: props.initialScrollTop,
  });
  useImperativeHandle(
    props.apiRef,
    () => ({ scrollToIndex: (index, align) => virtualizer.scrollToIndex(index, { align }) }),
    [virtualizer],
  );
  const virtual = virtualizer.getVirtualItems();
  // Row elements are reused: a row that scrolls out becomes a row that scrolls in (React updates
  // its text and attributes instead of removing and creating elements, which costs script, and
  // style for every new element). Each row of the window has a slot, `index % slots` (unique:
  // the window is contiguous and at most `slots` long), and the rows are kept in slot order, so
  // the elements never move either (a moved element is styled again). The DOM order is then the
  // display order turned round at the slot that wraps; aria-rowindex gives every row its place
  // (as virtual grids that reuse rows do). Slots: the viewport's rows, a partly shown one, the
  // overscan on both sides.
  const slots = Math.max(Math.ceil(props.height / rowHeight) + 1 + 2 * overscan, virtual.length);
  const bySlot = useMemo(
    () => [...virtual].sort((a, b) => (a.index % slots) - (b.index % slots)),
    [virtual, slots],
  );
  const left = useRef(0);
  const onScroll = useCallback(() => {
    const el = scrollRef.current;
    if (!el) return;
    // The header follows a horizontal scroll; a vertical one does not write to it (a write of
    // scrollLeft makes the browser lay the page out at once).
    const x = el.scrollLeft;
    if (headRef.current && x !== left.current) {
      left.current = x;
      headRef.current.scrollLeft = x;
    }
    onScrollTop(el.scrollTop);
  }, [headRef, onScrollTop]);
  return (
    <div
      className="ng-scroll"
      ref={scrollRef}
      onScroll={onScroll}
      data-testid="grid-scroll"
      style={{ height: props.height }}
    >
      {props.status !== null ? (
        // Inside the grid a message is a row of its own (a grid holds rows only, WAI-ARIA).
        <div role="rowgroup">
          <div role="row">
            <div role="gridcell">
              <Typography role="status" sx={{ p: 2 }}>
                {props.status}
              </Typography>
            </div>
          </div>
        </div>
      ) : (
        <div
          role="rowgroup"
          className="ng-body"
          style={{ height: virtualizer.getTotalSize(), width: props.width, position: 'relative' }}
        >
          {bySlot.map((v) => {
            const item = items[v.index];
            if (!item) return null;
            const key = v.index % slots;
            return item.kind === 'group' ? (
              <GroupLine
                key={key}
                item={item}
                index={v.index}
                top={v.start}
                width={props.width}
                domId={props.domId}
                active={v.index === props.activeIndex}
                state={coverage(props.selected, item.ids)}
                onToggle={props.onToggleGroup}
                onExpand={props.onExpand}
                onActivate={props.onActivate}
              />
            ) : (
              <RowView
                key={key}
                item={item}
                index={v.index}
                top={v.start}
                width={props.width}
                domId={props.domId}
                cells={cells}
                optional={props.optional}
                actions={props.actions}
                labels={props.labels}
                selected={props.selected.has(item.id)}
                selectable={props.selectable(item.row)}
                active={v.index === props.activeIndex}
                high={props.isHighPriority?.(item.row) ?? false}
                onToggle={props.onToggleRow}
                onActivate={props.onActivate}
                onMenu={props.onMenu}
                selectedIds={props.selected}
              />
            );
          })}
        </div>
      )}
    </div>
  );
}
