import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import FilterListIcon from '@mui/icons-material/FilterList';
import SettingsIcon from '@mui/icons-material/Settings';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Popover from '@mui/material/Popover';
import Stack from '@mui/material/Stack';
import { alpha, darken, type Theme } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
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
import { useVirtualizer } from '@tanstack/react-virtual';
import {
  memo,
  useCallback,
  useDeferredValue,
  useEffect,
  useMemo,
  useImperativeHandle,
  useLayoutEffect,
  useRef,
  useState,
  type KeyboardEvent,
  type RefObject,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { useTranslate } from 'react-admin';
import { ColumnSettingsDialog } from './ColumnSettingsDialog';
import { iconCss, type GridIconName } from './icons';
import { rowLabels, type RowLabels } from './rowLabels';
import { gridConstants, type GridName } from './constants';
import { matchesFilter, parseFilter, type FilterPart } from './filter';
import { groupRows, rowOrder, type GridItem } from './grouping';
import { loadHiddenColumns, saveHiddenColumns } from './hiddenColumns';
import { enabledOptionalColumns, showsButton, type OptionalColumnId } from './rowActions';
import { coverage, type SelectionAction, type SelectionState } from './selection';
import { compareValues, cycleSort, type SortState, type SortValue } from './sort';
import { throttle } from './throttle';
import { dragMimeType, type GridActions, type GridColumn, type GridRowBase } from './types';
import { loadViewState, saveViewState } from './viewState';

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

const { rowHeight, overscan, columnWidth, columnMaxWidth, scrollThrottleMs } = gridConstants;
const controlWidth = 36;
const estimateSize = () => rowHeight;
const headerHeight = 34;

type Stored = ReturnType<typeof loadViewState>;
const session = (): Storage | undefined => {
  try {
    return globalThis.sessionStorage;
  } catch {
    return undefined;
  }
};
const local = (): Storage | undefined => {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
};
const noStorage = { getItem: () => null, setItem: () => undefined };

const widthOf = (c: { width?: number }) => Math.min(c.width ?? columnWidth, columnMaxWidth);

/** The grid's CSS in one place: rows and cells are plain elements with classes (fast to render). */
const gridSx = (theme: Theme) => {
  const tone = (color: string) => ({
    backgroundColor: alpha(color, 0.14),
    color: darken(color, 0.45),
    borderColor: alpha(color, 0.5),
  });
  return {
    border: `1px solid ${theme.palette.divider}`,
    borderRadius: 1,
    bgcolor: 'background.paper',
    fontSize: 13,
    '&:focus-visible': { outline: `2px solid ${theme.palette.primary.dark}`, outlineOffset: 1 },
    '& .ng-head': {
      overflow: 'hidden',
      borderBottom: `1px solid ${theme.palette.divider}`,
      bgcolor: theme.palette.grey[100],
    },
    // Containment: a row's layout never reaches beyond it, so a scroll step lays out only the
    // rows that change. Rows are not paint-contained: that gave every row a clip of its own to
    // paint and layerize (measured with `bench:grid --trace`), and a row never draws outside
    // itself anyway.
    // The scrolling area scrolls on the compositor (`will-change: scroll-position`): a scroll step
    // moves what is painted already and paints only the rows that come in, instead of painting
    // every visible row again (which the browser does for a scroller it keeps in the page's
    // layer).
    '& .ng-scroll': {
      overflow: 'auto',
      position: 'relative',
      contain: 'strict',
      willChange: 'scroll-position',
    },
    // The scrolled rows' own background makes the scrolled layer opaque: the compositor then
    // draws it alone instead of blending it over the layers beneath on every frame. With a
    // transparent body the renderer's compositor thread and the display compositor took 2-3 times
    // the CPU of the plain-DOM floor while scrolling and competed with the main thread for the
    // two cores (`bench:grid`, per-thread CPU from /proc).
    '& .ng-body': { backgroundColor: theme.palette.background.paper, minWidth: '100%' },
    '& .ng-row': {
      display: 'flex',
      alignItems: 'center',
      height: rowHeight,
      boxSizing: 'border-box',
      borderBottom: `1px solid ${theme.palette.divider}`,
      position: 'absolute',
      left: 0,
      top: 0,
      cursor: 'default',
      contain: 'size layout style',
    },
    '& .ng-row.ng-high': {
      backgroundColor: alpha(theme.palette.error.main, 0.07),
      boxShadow: `inset 3px 0 0 ${theme.palette.error.main}`,
    },
    '& .ng-row.ng-selected': { backgroundColor: alpha(theme.palette.primary.main, 0.22) },
    '& .ng-row.ng-active': {
      outline: `2px solid ${theme.palette.primary.dark}`,
      outlineOffset: -2,
    },
    '& .ng-row.ng-group': { backgroundColor: theme.palette.grey[50], fontWeight: 600 },
    '& .ng-cell': {
      flex: 'none',
      padding: '0 6px',
      boxSizing: 'border-box',
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
    },
    '& .ng-right': { textAlign: 'right' },
    '& .ng-control': { width: controlWidth, padding: 0, display: 'flex', justifyContent: 'center' },
    // Row checkboxes are light elements with role=checkbox (a native input costs more to mount
    // and unmount than the rest of a row while scrolling).
    '& .ng-check': {
      width: 16,
      height: 16,
      boxSizing: 'border-box',
      border: `2px solid ${theme.palette.text.secondary}`,
      borderRadius: '3px',
      cursor: 'pointer',
      display: 'inline-block',
      position: 'relative',
      '&[aria-checked="true"], &[aria-checked="mixed"]': {
        backgroundColor: theme.palette.primary.dark,
        borderColor: theme.palette.primary.dark,
      },
      '&[aria-checked="true"]::after': {
        content: '""',
        position: 'absolute',
        left: 3,
        top: 0,
        width: 5,
        height: 9,
        border: `solid ${theme.palette.common.white}`,
        borderWidth: '0 2px 2px 0',
        transform: 'rotate(45deg)',
      },
      '&[aria-checked="mixed"]::after': {
        content: '""',
        position: 'absolute',
        left: 2,
        top: 5,
        width: 8,
        height: 2,
        backgroundColor: theme.palette.common.white,
      },
      '&[aria-disabled="true"]': { opacity: 0.4, cursor: 'default' },
    },
    '& .ng-icon': {
      border: 0,
      background: 'none',
      padding: 2,
      cursor: 'pointer',
      color: theme.palette.text.secondary,
      display: 'inline-flex',
      borderRadius: 4,
      '&:hover, &:focus-visible': {
        color: theme.palette.text.primary,
        backgroundColor: theme.palette.action.hover,
      },
    },
    // A row's icon buttons: the icon is the background (no child element). A button the row
    // does not offer stays in the row element, hidden (the class's display would show it).
    '& .ng-row .ng-icon': { width: 22, height: 22, flex: 'none' },
    '& .ng-icon[hidden]': { display: 'none' },
    '& .ng-drag': { cursor: 'grab' },
    '& .ng-small': { padding: '1px', '& svg': { fontSize: 15 } },
    // Row icons: the buttons' own background images (see icons.tsx).
    ...iconCss({
      normal: theme.palette.text.secondary,
      hover: theme.palette.text.primary,
      priority: darken(theme.palette.error.main, 0.2),
    }),
    '& .ng-label': {
      flex: '1 1 auto',
      minWidth: 0,
      overflow: 'hidden',
      textOverflow: 'ellipsis',
      whiteSpace: 'nowrap',
      fontWeight: 600,
    },
    '& .ng-badge': {
      display: 'inline-block',
      padding: '0 6px',
      lineHeight: '20px',
      borderRadius: 10,
      border: '1px solid',
      fontSize: 12,
      fontWeight: 500,
    },
    '& .ng-tone-success': tone(theme.palette.success.main),
    '& .ng-tone-danger': tone(theme.palette.error.main),
    '& .ng-tone-warning': tone(theme.palette.warning.main),
    '& .ng-tone-neutral': {
      backgroundColor: theme.palette.grey[100],
      color: theme.palette.text.primary,
      borderColor: theme.palette.grey[400],
    },
    '& .ng-priority[data-priority="high"]': {
      color: darken(theme.palette.error.main, 0.2),
      display: 'inline-flex',
      alignItems: 'center',
      gap: '2px',
    },
  };
};

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

  // View state: sort and filters for the session, hidden columns in localStorage (spec §2).
  const [stored] = useState<Stored>(() => loadViewState(session() ?? noStorage, name, columnIds));
  const [sort, setSort] = useState<SortState | null>(stored.sort);
  const [filters, setFilters] = useState<Record<string, string>>(stored.filters);
  const [hidden, setHidden] = useState<string[]>(() =>
    loadHiddenColumns(local() ?? noStorage, name, defaults, columnIds),
  );
  const [settingsOpen, setSettingsOpen] = useState(false);
  const scrollTop = useRef(stored.scrollTop);
  useEffect(() => {
    saveViewState(session() ?? noStorage, name, { sort, filters, scrollTop: scrollTop.current });
  }, [name, sort, filters]);

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

  // The last scroll position is kept for the view (spec §9: scroll events throttled at 20 ms);
  // it is written to the session's storage when the page goes or the grid unmounts, not per event
  // (a storage write costs more than a scroll step).
  const remember = useMemo(
    () =>
      throttle((top: number) => {
        scrollTop.current = top;
      }, scrollThrottleMs),
    [],
  );
  useEffect(() => {
    const persist = () => {
      const current = loadViewState(session() ?? noStorage, name, columnIds);
      saveViewState(session() ?? noStorage, name, { ...current, scrollTop: scrollTop.current });
    };
    window.addEventListener('pagehide', persist);
    return () => {
      window.removeEventListener('pagehide', persist);
      persist();
    };
  }, [name, columnIds]);
  useEffect(() => () => remember.cancel(), [remember]);
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
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1, minHeight: 32 }}>
        {props.showCount !== false ? (
          <Typography data-testid="grid-count" variant="body2" sx={{ flexGrow: 1 }}>
            {translate('grid.count', {
              shown: shownRows.length.toLocaleString(),
              total: rows.length.toLocaleString(),
              smart_count: rows.length,
            })}
          </Typography>
        ) : (
          <Box sx={{ flexGrow: 1 }} />
        )}
        {withFilters ? (
          <IconButton
            size="small"
            aria-label={translate('grid.settings')}
            onClick={() => setSettingsOpen(true)}
          >
            <SettingsIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Stack>
      {withFilters && filterCount > 0 ? (
        <Alert
          severity="info"
          data-testid="filters-active"
          sx={{ mb: 1, py: 0 }}
          action={
            <Button color="inherit" size="small" onClick={() => setFilters({})}>
              {translate('grid.clearFilters')}
            </Button>
          }
        >
          {translate('grid.filtersActive')}
        </Alert>
      ) : null}
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
        <div className="ng-head" ref={headRef}>
          <div
            role="row"
            aria-rowindex={1}
            style={{
              display: 'flex',
              width: totalWidth,
              height: headerHeight,
              alignItems: 'center',
            }}
          >
            <div role="columnheader" className="ng-cell ng-control" style={{ width: controlWidth }}>
              <CheckBox
                label={translate('grid.selectAll')}
                state={allState}
                disabled={selectableIds.length === 0}
                onToggle={() => onSelection({ type: 'toggleAll', ids: selectableIds })}
              />
            </div>
            {optional.map((id) => (
              <div
                key={id}
                role="columnheader"
                className="ng-cell"
                style={{ width: controlWidth }}
                aria-label={id}
              />
            ))}
            {visibleColumns.map((c) => (
              <HeaderCell
                key={c.id}
                column={c}
                sort={sort?.columnId === c.id ? sort : null}
                filter={filters[c.id] ?? ''}
                withFilter={withFilters && c.filter !== false}
                onSort={() => setSort((s) => cycleSort(s, c.id))}
                onFilter={(text) => setFilters((f) => ({ ...f, [c.id]: text }))}
              />
            ))}
          </div>
        </div>
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
            saveHiddenColumns(local() ?? noStorage, name, next);
          }}
        />
      ) : null}
    </Box>
  );
}

/** A cell's classes: its column's width comes from a rule of the grid (`ng-col-{id}`). */
const cellClass = (c: { id: string; align?: 'left' | 'right' }) =>
  `ng-cell ng-col-${c.id}${c.align === 'right' ? ' ng-right' : ''}`;

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
function CheckBox(props: {
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

interface BodyApi {
  scrollToIndex(index: number, align: 'auto' | 'center'): void;
}

interface GridBodyProps<T extends GridRowBase> {
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
function GridBody<T extends GridRowBase>(props: GridBodyProps<T>) {
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
        <Typography role="status" sx={{ p: 2 }}>
          {props.status}
        </Typography>
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

function HeaderCell<T>(props: {
  column: GridColumn<T>;
  sort: SortState | null;
  filter: string;
  withFilter: boolean;
  onSort: () => void;
  onFilter: (text: string) => void;
}) {
  const translate = useTranslate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { column: c, sort } = props;
  const active = props.filter.trim() !== '';
  const Arrow = sort ? (sort.desc ? ArrowDownwardIcon : ArrowUpwardIcon) : UnfoldMoreIcon;
  return (
    <div
      role="columnheader"
      className={`ng-cell${c.align === 'right' ? ' ng-right' : ''}`}
      style={{ width: widthOf(c), display: 'flex', alignItems: 'center', gap: 1 }}
      aria-sort={sort ? (sort.desc ? 'descending' : 'ascending') : 'none'}
      title={c.header}
    >
      <span
        className="ng-label"
        onClick={c.sort !== false ? props.onSort : undefined}
        style={c.sort !== false ? { cursor: 'pointer' } : undefined}
      >
        {c.header}
      </span>
      {c.sort !== false ? (
        <button
          type="button"
          className="ng-icon ng-small"
          aria-label={translate('grid.sortBy', { column: c.header })}
          data-sort={sort ? (sort.desc ? 'desc' : 'asc') : 'none'}
          onClick={props.onSort}
          style={sort ? { color: 'inherit' } : undefined}
        >
          <Arrow />
        </button>
      ) : null}
      {props.withFilter ? (
        <>
          <button
            type="button"
            className="ng-icon ng-small"
            aria-label={translate('grid.filter', { column: c.header })}
            aria-pressed={active}
            style={active ? { color: 'inherit', backgroundColor: 'rgba(0,0,0,0.12)' } : undefined}
            onClick={(e) => setAnchor(e.currentTarget)}
          >
            <FilterListIcon />
          </button>
          <Popover
            open={anchor !== null}
            anchorEl={anchor}
            onClose={() => setAnchor(null)}
            anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
          >
            <Box sx={{ p: 2, width: 320 }}>
              <TextField
                autoFocus
                fullWidth
                size="small"
                label={translate('grid.filter', { column: c.header })}
                value={props.filter}
                onChange={(e) => props.onFilter(e.target.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') setAnchor(null);
                }}
                helperText={translate('grid.filterHint')}
              />
              <Button
                size="small"
                sx={{ mt: 1 }}
                onClick={() => props.onFilter('')}
                disabled={!active}
              >
                {translate('grid.clearFilter')}
              </Button>
            </Box>
          </Popover>
        </>
      ) : null}
    </div>
  );
}

/** A data column with its cell's class name worked out once (not per row and scroll step). */
interface CellColumn<T> {
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
 * One data row; memoised, so scrolling renders only the rows that come into view. Rows are placed
 * with a transform (no layout of the rows around them) and hold plain elements: cells with their
 * text, light checkboxes, icon buttons drawn by CSS.
 */
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

const RowView = memo(function RowView<T extends GridRowBase>(props: RowViewProps<T>) {
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

const GroupLine = memo(function GroupLine<T>(props: {
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
}) {
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
}) as <T>(props: {
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
}) => ReactNode;
