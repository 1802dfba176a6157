import { describe, expect, it } from '@jest/globals';
import { canEdit, enabledOptionalColumns, showsButton } from './rowActions';

describe('optional grid columns and their buttons (spec §2, §5)', () => {
  it('S2-SCREEN-008 S2-SCREEN-009 S2-SCREEN-010 S2-SCREEN-011 S2-SCREEN-012 S2-SCREEN-013: a grid shows exactly the optional columns it is configured with', () => {
    expect(enabledOptionalColumns({})).toEqual([]);
    expect(
      enabledOptionalColumns({
        menu: () => [],
        drag: true,
        delete: () => undefined,
        assign: () => undefined,
        unassign: () => undefined,
        edit: () => undefined,
      }),
    ).toEqual(['drag', 'assign', 'unassign', 'edit', 'delete', 'menu']);
    expect(enabledOptionalColumns({ drag: false, edit: () => undefined })).toEqual(['edit']);
  });

  it('S5-VAL-071: isEditable false hides the edit button', () => {
    expect(showsButton('edit', { isEditable: false })).toBe(false);
    expect(showsButton('edit', { isEditable: true })).toBe(true);
  });

  it('S5-VAL-072: isDeletable false hides the delete button', () => {
    expect(showsButton('delete', { isDeletable: false })).toBe(false);
    expect(showsButton('delete', { isDeletable: true })).toBe(true);
  });

  it('S5-VAL-073: isAssignable false hides the assign button', () => {
    expect(showsButton('assign', { isAssignable: false })).toBe(false);
    expect(showsButton('assign', {})).toBe(true);
  });

  it('S5-VAL-074: editable by default unless a loadCarrierId is set', () => {
    expect(canEdit({})).toBe(true);
    expect(canEdit({ loadCarrierId: null })).toBe(true);
    expect(canEdit({ loadCarrierId: 'LC1' })).toBe(false);
    expect(showsButton('unassign', {}, () => false)).toBe(false);
  });
});
