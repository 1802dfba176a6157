/**
 * The grid's optional columns (spec §2: drag handle, assign with a plus icon, unassign, delete,
 * edit, row action menu) and, per row, which of their buttons show (spec §5).
 */
export const optionalColumnIds = ['drag', 'assign', 'unassign', 'edit', 'delete', 'menu'] as const;
export type OptionalColumnId = (typeof optionalColumnIds)[number];

/** The row fields that decide the buttons (spec §3 consignment flags). */
export interface ActionFlags {
  isAssignable?: boolean;
  isDeletable?: boolean;
  isEditable?: boolean;
  loadCarrierId?: string | null;
}

/** Which optional columns a grid shows: exactly those it is configured with, in a fixed order. */
export function enabledOptionalColumns(
  config: Partial<Record<OptionalColumnId, unknown>>,
): OptionalColumnId[] {
  return optionalColumnIds.filter((id) => config[id] !== undefined && config[id] !== false);
}

/** Spec §5: editable unless isEditable is false; without the flag, unless a loadCarrierId is set. */
export const canEdit = (row: ActionFlags): boolean =>
  row.isEditable ?? (row.loadCarrierId === null || row.loadCarrierId === undefined);
export const canDelete = (row: ActionFlags): boolean => row.isDeletable !== false;
export const canAssign = (row: ActionFlags): boolean => row.isAssignable !== false;

/** Whether a row shows the button of an optional column (the drag handle and menu always do). */
export function showsButton(
  column: OptionalColumnId,
  row: ActionFlags,
  canUnassign: (row: ActionFlags) => boolean = () => true,
): boolean {
  switch (column) {
    case 'assign':
      return canAssign(row);
    case 'unassign':
      return canUnassign(row);
    case 'edit':
      return canEdit(row);
    case 'delete':
      return canDelete(row);
    case 'drag':
    case 'menu':
      return true;
  }
}
