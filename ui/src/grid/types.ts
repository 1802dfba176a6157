import type { ReactNode } from 'react';
import type { ActionFlags } from './rowActions';
import type { SortValue } from './sort';

/** A data column of the grid. The text is what the cell shows and what its filter matches. */
export interface GridColumn<T> {
  id: string;
  /** The translated header. */
  header: string;
  /** The displayed value (spec §5: the filter is a text match on it). */
  text: (row: T) => string;
  /** What the column sorts on (default: the text). Numbers sort as numbers. */
  sortValue?: (row: T) => SortValue;
  /** A richer cell (a state badge); the text stays its title and the filter's subject. */
  render?: (row: T) => ReactNode;
  /** Width in px; spec §9: 100 by default, at most 150. */
  width?: number;
  /** Spec §2: a column may have filtering disabled (default: enabled). */
  filter?: boolean;
  sort?: boolean;
  align?: 'left' | 'right';
}

/** A row action of the action menu. */
export interface RowMenuItem {
  label: string;
  onClick: () => void;
  disabled?: boolean;
}

/** The optional columns (spec §2): each is shown when its handler is given. */
export interface GridActions<T> {
  /** A drag handle: the drag carries the selected ids (or the row's own) as JSON. */
  drag?: boolean;
  onAssign?: (row: T) => void;
  onUnassign?: (row: T) => void;
  /** Which rows show the unassign button (default: every row). */
  canUnassign?: (row: T) => boolean;
  onEdit?: (row: T) => void;
  onDelete?: (row: T) => void;
  menu?: (row: T) => RowMenuItem[];
}

/** What every grid row carries (spec §3 consignment flags; all optional). */
export interface GridRowBase extends ActionFlags {
  isSelectable?: boolean;
}

/** The MIME type of a drag from the grid's drag handle: a JSON array of row ids. */
export const dragMimeType = 'application/x-nordlog-ids';
