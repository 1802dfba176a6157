import Box from '@mui/material/Box';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { type Theme } from '@mui/material/styles';
import {
  getCoreRowModel,
  getFilteredRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type ColumnFiltersState,
  type FilterFn,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import {
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type ReactNode,
} from 'react';
import { useTranslate } from 'react-admin';
import { ColumnSettingsDialog } from './ColumnSettingsDialog';
import { rowLabels } from './rowLabels';
import { gridConstants, type GridName } from './constants';
import { matchesFilter, parseFilter, type FilterPart } from './filter';
import { groupRows, rowOrder } from './grouping';
import { useGridView } from './useGridView';
import { enabledOptionalColumns } from './rowActions';
import { coverage, type SelectionAction, type SelectionState } from './selection';
import { compareValues, cycleSort, type SortValue } from './sort';
import { type GridActions, type GridColumn, type GridRowBase } from './types';
import { GridBody, type BodyApi } from './GridBody';
import { GridHeader, GridToolbar } from './GridHead';
import { controlWidth, gridSx, widthOf } from './gridStyles';

export interface DataGridProps<T extends GridRowBase> {
  /** Spec §2 named grid: the key of its column settings and view state. */
  name: GridName;
  /** Accessible name of the grid. */
  label: string;
  columns: readonly GridColumn<T>[];
  /** Columns hidden until the user chooses otherwise (the grid's defaults). */
  defaultHidden?: readonly string[];
  rows: readonly T[];
  getId: (row: T) => string;
  /** Rows with the same group id sit under one expandable summary line. */
  getGroup?: (row: T) => string | null;
  selection: SelectionState;
  onSelection: (action: SelectionAction) => void;
  loading: boolean;
  loadingText: ReactNode;
  emptyText: ReactNode;
  /** Height of the scrolling rows in px (spec §9: 850 by default). */
  height?: number;
  /** Column filters, their banner and the settings button (default on). */
  columnFilters?: boolean;
  /** The count line (default on). */
  showCount?: boolean;
  actions?: GridActions<T>;
  /** Spec §3: high-priority rows are coloured (and the page marks them with an icon). */
  isHighPriority?: (row: T) => boolean;
  /** A row to bring into view and make active (e.g. the shipment id of the URL). */
  focusId?: string | null;
}

const { rowHeight, columnMaxWidth } = gridConstants;
const headerHeight = 34;

/**
 * The data grid (spec §2, §4, §9) on TanStack Table (columns, visibility, filtering, sorting) and
 * TanStack Virtual (rows): header filter popovers, sort arrows cycling ascending → descending →
 * off, selection (all, one, shift-range, group; pruned when the rows change), grouped rows,
 * optional action columns, virtual scrolling at 30 px rows with 10 rows of overscan, the
 * filters-active banner, a count line and the column settings dialog. Keyboard: arrows move,
 * Space toggles, Shift+Space selects a range, Enter or →/← open and close a group.
 */
export function DataGrid<T extends GridRowBase>(props: DataGridProps<T>) {
  const translate = useTranslate();
  const { name, columns, rows, getId, getGroup, selection, onSelection } = props;
  const columnIds = useMemo(() => columns.map((c) => c.id), [columns]);
  const defaults = useMemo(() => [...(props.defaultHidden ?? [])], [props.defaultHidden]);
  const withFilters = props.columnFilters ?? true;

  const { stored, sort, setSort, filters, setFilters, hidden, setHidden, remember } = useGridView(
    name,
    columnIds,
    defaults,
  );
  const [settingsOpen, setSettingsOpen] = useState(false);

  // Typing in a filter stays responsive on 100,000 rows: the table follows a deferred copy.
  const deferredFilters = useDeferredValue(filters);
  const tableColumns = useMemo<ColumnDef<T>[]>(
    () =>
      columns.map((c) => {
        const filterFn: FilterFn<T> = (row, _id, parts: FilterPart[]) =>
          matchesFilter(parts, c.text(row.original));
        filterFn.resolveFilterValue = (value: string) => parseFilter(value);
        filterFn.autoRemove = (value: unknown) => typeof value !== 'string' || value.trim() === '';
        const sortValue = c.sortValue ?? c.text;
        return {
          id: c.id,
          header: c.header,
          accessorFn: (row: T): SortValue => {
            const v = sortValue(row);
            return v === null || v === '' ? undefined : v;
          },
          size: widthOf(c),
          maxSize: columnMaxWidth,
          enableColumnFilter: c.filter !== false,
          enableSorting: c.sort !== false,
          filterFn,
          sortingFn: (a, b, id) =>
            compareValues(a.getValue<SortValue>(id), b.getValue<SortValue>(id)),
          sortUndefined: 'last',
        };
      }),
    [columns],
  );
  const sorting = useMemo<SortingState>(
    () => (sort ? [{ id: sort.columnId, desc: sort.desc }] : []),
    [sort],
  );
  const columnFilters = useMemo<ColumnFiltersState>(
    () =>
      Object.entries(deferredFilters)
        .filter(([, v]) => v.trim() !== '')
        .map(([id, value]) => ({ id, value })),
    [deferredFilters],
  );
  const columnVisibility = useMemo<VisibilityState>(
    () => Object.fromEntries(hidden.map((id) => [id, false])),
    [hidden],
  );
  const table = useReactTable<T>({
    data: rows as T[],
    columns: tableColumns,
    state: { sorting, columnFilters, columnVisibility },
    getRowId: (row) => getId(row),
    getCoreRowModel: getCoreRowModel(),
    getFilteredRowModel: getFilteredRowModel(),
    getSortedRowModel: getSortedRowModel(),
    enableMultiSort: false,
  });
  const modelRows = table.getRowModel().rows;
  const shownRows = useMemo(() => modelRows.map((r) => r.original), [modelRows]);
  const visibleIds = table
    .getVisibleLeafColumns()
    .map((c) => c.id)
    .join(',');
  const visibleColumns = useMemo(() => {
    const byId = new Map(columns.map((c) => [c.id, c]));
    return visibleIds
      .split(',')
      .map((id) => byId.get(id))
      .filter((c): c is GridColumn<T> => c !== undefined);
  }, [columns, visibleIds]);

  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const items = useMemo(
    () => groupRows(shownRows, getId, getGroup ?? (() => null), expanded),
    [shownRows, getId, getGroup, expanded],
  );
  const selectable = useCallback((row: T) => row.isSelectable !== false, []);
  const selectableIds = useMemo(
    () => shownRows.filter(selectable).map(getId),
    [shownRows, selectable, getId],
  );
  const order = useMemo(() => {
    const ok = new Set(selectableIds);
    return rowOrder(items).filter((id) => ok.has(id));
  }, [items, selectableIds]);

  // Spec §4: the selection is pruned when the rows change (to the rows the grid shows).
  useEffect(() => {
    onSelection({ type: 'prune', existing: new Set(shownRows.map(getId)) });
  }, [shownRows, getId, onSelection]);

  const optional = useMemo(
    () =>
      enabledOptionalColumns({
        drag: props.actions?.drag,
        assign: props.actions?.onAssign,
        unassign: props.actions?.onUnassign,
        edit: props.actions?.onEdit,
        delete: props.actions?.onDelete,
        menu: props.actions?.menu,
      }),
    [props.actions],
  );
  const sx = useMemo(() => {
    const widths = Object.fromEntries(
      visibleColumns.map((c) => [`& .ng-col-${c.id}`, { width: widthOf(c) }]),
    );
    return (theme: Theme) => ({ ...gridSx(theme), ...widths });
  }, [visibleColumns]);
  const totalWidth =
    controlWidth +
    optional.length * controlWidth +
    visibleColumns.reduce((sum, c) => sum + widthOf(c), 0);

  // Keyboard focus: the active item (row or group line).
  const [active, setActive] = useState(0);
  const activeIndex = Math.min(active, Math.max(0, items.length - 1));

  const height = props.height ?? gridConstants.height;
  const headRef = useRef<HTMLDivElement | null>(null);
  const body = useRef<BodyApi | null>(null);

  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!props.focusId || focused.current === props.focusId) return;
    const index = items.findIndex((i) => i.id === props.focusId);
    if (index < 0) return;
    focused.current = props.focusId;
    setActive(index);
    body.current?.scrollToIndex(index, 'center');
  }, [props.focusId, items]);

  // Handlers read the latest state through a ref, so rows can be memoised across renders.
  const latest = useRef({ order, selection, items, actions: props.actions, onSelection });
  latest.current = { order, selection, items, actions: props.actions, onSelection };
  const toggleRow = useCallback((id: string, shift: boolean) => {
    const { order: o, onSelection: dispatch } = latest.current;
    if (!o.includes(id)) return;
    dispatch(shift ? { type: 'range', id, order: o } : { type: 'toggle', id });
  }, []);
  const toggleGroup = useCallback((ids: readonly string[]) => {
    const ok = new Set(latest.current.order);
    latest.current.onSelection({ type: 'toggleGroup', ids: ids.filter((id) => ok.has(id)) });
  }, []);
  const toggleExpanded = useCallback((groupId: string) => {
    setExpanded((e) => {
      const next = new Set(e);
      if (next.has(groupId)) next.delete(groupId);
      else next.add(groupId);
      return next;
    });
  }, []);
  const [menu, setMenu] = useState<{ anchor: HTMLElement; row: T } | null>(null);
  const openMenu = useCallback((anchor: HTMLElement, row: T) => setMenu({ anchor, row }), []);
  const labels = useMemo(() => rowLabels(translate), [translate]);
  const activate = useCallback((index: number) => setActive(index), []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    // Keys typed into a control of a row (a button) are the control's.
    if (e.target !== e.currentTarget && (e.target as HTMLElement).closest('button, input, a'))
      return;
    const page = Math.max(1, Math.floor(height / rowHeight) - 1);
    const move = (to: number) => {
      const next = Math.max(0, Math.min(items.length - 1, to));
      setActive(next);
      body.current?.scrollToIndex(next, 'auto');
      e.preventDefault();
    };
    const item = items[activeIndex];
    switch (e.key) {
      case 'ArrowDown':
        return move(activeIndex + 1);
      case 'ArrowUp':
        return move(activeIndex - 1);
      case 'PageDown':
        return move(activeIndex + page);
      case 'PageUp':
        return move(activeIndex - page);
      case 'Home':
        return move(0);
      case 'End':
        return move(items.length - 1);
      case ' ':
        if (!item) return;
        e.preventDefault();
        if (item.kind === 'group') toggleGroup(item.ids);
        else toggleRow(item.id, e.shiftKey);
        return;
      case 'Enter':
      case 'ArrowRight':
      case 'ArrowLeft':
        if (item?.kind !== 'group') return;
        if (e.key === 'Enter' || (e.key === 'ArrowRight') !== item.expanded)
          toggleExpanded(item.groupId);
        e.preventDefault();
        return;
    }
  };

  const filterCount = Object.values(filters).filter((v) => v.trim() !== '').length;
  const allState = coverage(selection.selected, selectableIds);
  const domId = `grid-${name}`;
  const showEmpty = !props.loading && shownRows.length === 0;
  const showLoading = props.loading && rows.length === 0;

  return (
    <Box data-grid={name}>
      <GridToolbar
        shown={props.showCount !== false ? shownRows.length : null}
        total={rows.length}
        withFilters={withFilters}
        filterCount={filterCount}
        onSettings={() => setSettingsOpen(true)}
        onClearFilters={() => setFilters({})}
      />
      <Box
        role="grid"
        aria-label={props.label}
        aria-rowcount={items.length + 1}
        aria-multiselectable
        aria-activedescendant={items[activeIndex] ? `${domId}-item-${activeIndex}` : undefined}
        tabIndex={0}
        onKeyDown={onKeyDown}
        sx={sx}
      >
        <GridHeader
          headRef={headRef}
          width={totalWidth}
          height={headerHeight}
          columns={visibleColumns}
          optional={optional}
          allState={allState}
          noneSelectable={selectableIds.length === 0}
          onToggleAll={() => onSelection({ type: 'toggleAll', ids: selectableIds })}
          sort={sort}
          filters={filters}
          withFilters={withFilters}
          onSort={(id) => setSort((st) => cycleSort(st, id))}
          onFilter={(id, text) => setFilters((f) => ({ ...f, [id]: text }))}
        />
        <GridBody
          apiRef={body}
          headRef={headRef}
          items={items}
          height={height}
          width={totalWidth}
          initialScrollTop={stored.scrollTop}
          onScrollTop={remember}
          domId={domId}
          columns={visibleColumns}
          optional={optional}
          actions={props.actions}
          labels={labels}
          selected={selection.selected}
          selectable={selectable}
          activeIndex={activeIndex}
          isHighPriority={props.isHighPriority}
          status={showLoading ? props.loadingText : showEmpty ? props.emptyText : null}
          onToggleRow={toggleRow}
          onToggleGroup={toggleGroup}
          onExpand={toggleExpanded}
          onActivate={activate}
          onMenu={openMenu}
        />
      </Box>
      <Menu anchorEl={menu?.anchor ?? null} open={menu !== null} onClose={() => setMenu(null)}>
        {menu
          ? (props.actions?.menu?.(menu.row) ?? []).map((m) => (
              <MenuItem
                key={m.label}
                disabled={m.disabled}
                onClick={() => {
                  setMenu(null);
                  m.onClick();
                }}
              >
                {m.label}
              </MenuItem>
            ))
          : null}
      </Menu>
      {withFilters ? (
        <ColumnSettingsDialog
          open={settingsOpen}
          columns={columns}
          hidden={hidden}
          defaults={defaults}
          onClose={() => setSettingsOpen(false)}
          onSave={(next) => {
            setHidden(next);
          }}
        />
      ) : null}
    </Box>
  );
}
