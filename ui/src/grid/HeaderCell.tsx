import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import FilterListIcon from '@mui/icons-material/FilterList';
import UnfoldMoreIcon from '@mui/icons-material/UnfoldMore';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Popover from '@mui/material/Popover';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import type { SortState } from './sort';
import type { GridColumn } from './types';
import { widthOf } from './gridStyles';

/** A column's header: its name, the sort arrow and the filter popover with the filter syntax. */
export function HeaderCell<T>(props: {
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
