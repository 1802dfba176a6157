/** The grid's head (DataGrid.tsx): the count line with its settings, and the header row. */
import SettingsIcon from '@mui/icons-material/Settings';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RefObject } from 'react';
import { useTranslate } from 'react-admin';
import { CheckBox } from './GridRows';
import { controlWidth } from './gridStyles';
import { HeaderCell } from './HeaderCell';
import type { OptionalColumnId } from './rowActions';
import type { SortState } from './sort';
import type { GridColumn } from './types';

/**
 * The line above the grid: the count of rows shown of all (`shown` null: no count), the column
 * settings, and the banner saying filters are on with its button to clear them.
 */
export function GridToolbar(props: {
  shown: number | null;
  total: number;
  withFilters: boolean;
  filterCount: number;
  onSettings: () => void;
  onClearFilters: () => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1, minHeight: 32 }}>
        {props.shown !== null ? (
          <Typography data-testid="grid-count" variant="body2" sx={{ flexGrow: 1 }}>
            {translate('grid.count', {
              shown: props.shown.toLocaleString(),
              total: props.total.toLocaleString(),
              smart_count: props.total,
            })}
          </Typography>
        ) : (
          <Box sx={{ flexGrow: 1 }} />
        )}
        {props.withFilters ? (
          <IconButton
            size="small"
            aria-label={translate('grid.settings')}
            onClick={props.onSettings}
          >
            <SettingsIcon fontSize="small" />
          </IconButton>
        ) : null}
      </Stack>
      {props.withFilters && props.filterCount > 0 ? (
        <Alert
          severity="info"
          data-testid="filters-active"
          sx={{ mb: 1, py: 0 }}
          action={
            <Button color="inherit" size="small" onClick={props.onClearFilters}>
              {translate('grid.clearFilters')}
            </Button>
          }
        >
          {translate('grid.filtersActive')}
        </Alert>
      ) : null}
    </>
  );
}

/** The header row: select all, the optional action columns, and each visible column's header. */
export function GridHeader<T>(props: {
  headRef: RefObject<HTMLDivElement | null>;
  width: number;
  height: number;
  columns: readonly GridColumn<T>[];
  optional: readonly OptionalColumnId[];
  allState: 'all' | 'some' | 'none';
  noneSelectable: boolean;
  onToggleAll: () => void;
  sort: SortState | null;
  filters: Record<string, string>;
  withFilters: boolean;
  onSort: (columnId: string) => void;
  onFilter: (columnId: string, text: string) => void;
}) {
  const translate = useTranslate();
  return (
    <div className="ng-head" ref={props.headRef}>
      <div
        role="row"
        aria-rowindex={1}
        style={{ display: 'flex', width: props.width, height: props.height, alignItems: 'center' }}
      >
        <div role="columnheader" className="ng-cell ng-control" style={{ width: controlWidth }}>
          <CheckBox
            label={translate('grid.selectAll')}
            state={props.allState}
            disabled={props.noneSelectable}
            onToggle={props.onToggleAll}
          />
        </div>
        {props.optional.map((id) => (
          <div
            key={id}
            role="columnheader"
            className="ng-cell"
            style={{ width: controlWidth }}
            aria-label={id}
          />
        ))}
        {props.columns.map((c) => (
          <HeaderCell
            key={c.id}
            column={c}
            sort={props.sort?.columnId === c.id ? props.sort : null}
            filter={props.filters[c.id] ?? ''}
            withFilter={props.withFilters && c.filter !== false}
            onSort={() => props.onSort(c.id)}
            onFilter={(text) => props.onFilter(c.id, text)}
          />
        ))}
      </div>
    </div>
  );
}
