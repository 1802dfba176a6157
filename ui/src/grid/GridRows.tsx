/** The grid body's rows (GridBody.tsx): data rows, group lines and their light checkboxes. */
import {
  memo,
  useLayoutEffect,
  useRef,
  type RefObject,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslate } from 'react-admin';
import type { GridIconName } from './icons';
import type { RowLabels } from './rowLabels';
import type { GridItem } from './grouping';
import { showsButton, type OptionalColumnId } from './rowActions';
import { dragMimeType, type GridActions, type GridColumn, type GridRowBase } from './types';

/** A truncated cell shows its whole text as a tooltip, set when the pointer comes (not per row). */
const showTruncated = (e: MouseEvent<HTMLElement>) => {
  const target = e.target as HTMLElement;
  // A row button's tooltip is its label, set when the pointer comes to it (not for every row
  // that scrolls into view).
  const label = target.getAttribute('aria-label');
  if (target.tagName === 'BUTTON' && label !== null) {
    if (target.title !== label) target.title = label;
    return;
  }
  const cell = target.closest<HTMLElement>('.ng-cell');
  if (!cell) return;
  // Row elements are reused for other rows while scrolling: the title follows the current text.
  if (cell.scrollWidth > cell.clientWidth) cell.title = cell.textContent ?? '';
  else if (cell.title) cell.removeAttribute('title');
};

/** A checkbox as a light element (role=checkbox); Space on the grid toggles the active row. */
export function CheckBox(props: {
  label: string;
  state: 'all' | 'some' | 'none';
  disabled?: boolean;
  onToggle: (shift: boolean) => void;
}) {
  const checked = props.state === 'all' ? 'true' : props.state === 'some' ? 'mixed' : 'false';
  return (
    <span
      role="checkbox"
      className="ng-check"
      aria-label={props.label}
      aria-checked={checked}
      aria-disabled={props.disabled ? 'true' : undefined}
      tabIndex={-1}
      onClick={(e) => {
        e.stopPropagation();
        if (!props.disabled) props.onToggle(e.shiftKey);
      }}
    />
  );
}

/** A data column with its cell's class name worked out once (not per row and scroll step). */
export interface CellColumn<T> {
  column: GridColumn<T>;
  className: string;
}

interface RowViewProps<T> {
  item: Extract<GridItem<T>, { kind: 'row' }>;
  index: number;
  top: number;
  width: number;
  domId: string;
  cells: readonly CellColumn<T>[];
  optional: readonly OptionalColumnId[];
  actions: GridActions<T> | undefined;
  labels: RowLabels;
  selected: boolean;
  selectable: boolean;
  active: boolean;
  high: boolean;
  selectedIds: ReadonlySet<string>;
  onToggle: (id: string, shift: boolean) => void;
  onActivate: (index: number) => void;
  onMenu: (anchor: HTMLElement, row: T) => void;
}

/**
 * A reused row element that now shows another row gives up the keyboard focus it held: a focused
 * button would otherwise act on the new row (Enter after a wheel scroll must never delete the
 * wrong shipment).
 */
function useBlurWhenReused(ref: RefObject<HTMLElement | null>, id: string): void {
  const shown = useRef(id);
  useLayoutEffect(() => {
    if (shown.current === id) return;
    shown.current = id;
    const focused = document.activeElement;
    if (focused instanceof HTMLElement && ref.current?.contains(focused)) focused.blur();
  }, [ref, id]);
}

/**
 * One data row; memoised, so scrolling renders only the rows that come into view. Rows are placed
 * with a transform (no layout of the rows around them) and hold plain elements: cells with their
 * text, light checkboxes, icon buttons drawn by CSS.
 */
export const RowView = memo(function RowView<T extends GridRowBase>(props: RowViewProps<T>) {
  const { item, actions, labels } = props;
  const row = item.row;
  const id = item.id;
  const rowRef = useRef<HTMLDivElement>(null);
  useBlurWhenReused(rowRef, id);
  let classes = 'ng-row';
  if (props.selected) classes += ' ng-selected';
  if (props.active) classes += ' ng-active';
  if (props.high) classes += ' ng-high';
  const onClick = (e: MouseEvent) => {
    props.onActivate(props.index);
    if (e.shiftKey && props.selectable) {
      e.preventDefault();
      props.onToggle(id, true);
    }
  };
  const button = (
    column: OptionalColumnId,
    icon: GridIconName,
    text: string,
    run: ((r: T) => void) | undefined,
  ) =>
    run ? (
      <button
        type="button"
        className={`ng-icon ng-svg-${icon}`}
        aria-label={text}
        hidden={
          !showsButton(
            column,
            row,
            actions?.canUnassign as ((r: GridRowBase) => boolean) | undefined,
          )
        }
        onClick={(e) => {
          e.stopPropagation();
          run(row);
        }}
      />
    ) : null;
  return (
    <div
      ref={rowRef}
      role="row"
      id={`${props.domId}-item-${props.index}`}
      aria-rowindex={props.index + 2}
      aria-selected={props.selected}
      data-row-id={id}
      className={classes}
      style={{ transform: `translateY(${props.top}px)`, width: props.width }}
      onClick={onClick}
      onMouseOver={showTruncated}
    >
      <div
        role="gridcell"
        className="ng-cell ng-control"
        style={item.depth > 0 ? { paddingLeft: item.depth * 12 } : undefined}
      >
        {props.selectable ? (
          <CheckBox
            label={labels.selectRow(id)}
            state={props.selected ? 'all' : 'none'}
            onToggle={(shift) => {
              props.onActivate(props.index);
              props.onToggle(id, shift);
            }}
          />
        ) : null}
      </div>
      {props.optional.map((column) => (
        <div key={column} role="gridcell" className="ng-cell ng-control">
          {column === 'drag' ? (
            <span
              className="ng-icon ng-drag ng-svg-drag"
              draggable
              role="button"
              aria-label={labels.drag(id)}
              onDragStart={(e) => {
                const ids = props.selectedIds.has(id) ? [...props.selectedIds] : [id];
                e.dataTransfer.setData(dragMimeType, JSON.stringify(ids));
                e.dataTransfer.setData('text/plain', ids.join(','));
                e.dataTransfer.effectAllowed = 'move';
              }}
            />
          ) : column === 'assign' ? (
            button('assign', 'add', labels.assign(id), actions?.onAssign)
          ) : column === 'unassign' ? (
            button('unassign', 'unassign', labels.unassign(id), actions?.onUnassign)
          ) : column === 'edit' ? (
            button('edit', 'edit', labels.edit(id), actions?.onEdit)
          ) : column === 'delete' ? (
            button('delete', 'delete', labels.delete(id), actions?.onDelete)
          ) : (
            <button
              type="button"
              className="ng-icon ng-svg-more"
              aria-label={labels.actions(id)}
              aria-haspopup="menu"
              onClick={(e) => {
                e.stopPropagation();
                props.onMenu(e.currentTarget, row);
              }}
            />
          )}
        </div>
      ))}
      {props.cells.map(({ column: c, className }) => (
        <div key={c.id} role="gridcell" className={className}>
          {c.render ? c.render(row) : c.text(row)}
        </div>
      ))}
    </div>
  );
}) as <T extends GridRowBase>(props: RowViewProps<T>) => ReactNode;

/** A group's summary line: its checkbox, the expand button and the group's name and count. */
interface GroupLineProps<T> {
  item: Extract<GridItem<T>, { kind: 'group' }>;
  index: number;
  top: number;
  width: number;
  domId: string;
  active: boolean;
  state: 'all' | 'some' | 'none';
  onToggle: (ids: readonly string[]) => void;
  onExpand: (groupId: string) => void;
  onActivate: (index: number) => void;
}

export const GroupLine = memo(function GroupLine<T>(props: GroupLineProps<T>) {
  const translate = useTranslate();
  const { item } = props;
  const classes = ['ng-row', 'ng-group'];
  if (props.state === 'all') classes.push('ng-selected');
  if (props.active) classes.push('ng-active');
  return (
    <div
      role="row"
      id={`${props.domId}-item-${props.index}`}
      aria-rowindex={props.index + 2}
      aria-expanded={item.expanded}
      aria-selected={props.state === 'all'}
      data-group-id={item.groupId}
      className={classes.join(' ')}
      style={{ transform: `translateY(${props.top}px)`, width: props.width }}
      onClick={() => props.onActivate(props.index)}
    >
      <div role="gridcell" className="ng-cell ng-control">
        <CheckBox
          label={translate('grid.selectGroup', { group: item.groupId })}
          state={props.state}
          onToggle={() => props.onToggle(item.ids)}
        />
      </div>
      <div
        role="gridcell"
        className="ng-cell"
        style={{ display: 'flex', alignItems: 'center', gap: 4 }}
      >
        <button
          type="button"
          className={`ng-icon ng-svg-${item.expanded ? 'expandMore' : 'chevronRight'}`}
          aria-label={translate('grid.expandGroup', { group: item.groupId })}
          aria-expanded={item.expanded}
          onClick={(e) => {
            e.stopPropagation();
            props.onExpand(item.groupId);
          }}
        />
        {translate('grid.groupLine', { group: item.groupId, smart_count: item.ids.length })}
      </div>
    </div>
  );
}) as <T>(props: GroupLineProps<T>) => ReactNode;
