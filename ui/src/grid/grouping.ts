/**
 * Rows grouped under an expandable summary line (spec §2), by their group id. A group takes the
 * place of its first row in the current order and lists its rows below it, in that order; rows
 * without a group, and groups of one row, stay plain rows.
 */
export type GridItem<T> =
  | { kind: 'row'; id: string; row: T; depth: 0 | 1; groupId: string | null }
  | {
      kind: 'group';
      id: string;
      groupId: string;
      rows: readonly T[];
      ids: readonly string[];
      expanded: boolean;
    };

export function groupRows<T>(
  rows: readonly T[],
  getId: (row: T) => string,
  getGroup: (row: T) => string | null | undefined,
  expanded: ReadonlySet<string>,
): GridItem<T>[] {
  const members = new Map<string, T[]>();
  for (const row of rows) {
    const group = getGroup(row);
    if (group === null || group === undefined || group === '') continue;
    const list = members.get(group);
    if (list) list.push(row);
    else members.set(group, [row]);
  }
  const items: GridItem<T>[] = [];
  const placed = new Set<string>();
  for (const row of rows) {
    const group = getGroup(row);
    const list = group ? members.get(group) : undefined;
    if (!group || !list || list.length < 2) {
      items.push({ kind: 'row', id: getId(row), row, depth: 0, groupId: null });
      continue;
    }
    if (placed.has(group)) continue;
    placed.add(group);
    const open = expanded.has(group);
    items.push({
      kind: 'group',
      id: `group:${group}`,
      groupId: group,
      rows: list,
      ids: list.map(getId),
      expanded: open,
    });
    if (open)
      for (const member of list)
        items.push({ kind: 'row', id: getId(member), row: member, depth: 1, groupId: group });
  }
  return items;
}

/** The row ids in display order, the rows of closed groups included (a shift-range spans them). */
export function rowOrder<T>(items: readonly GridItem<T>[]): string[] {
  const order: string[] = [];
  for (const item of items) {
    if (item.kind === 'group') {
      if (!item.expanded) order.push(...item.ids);
    } else order.push(item.id);
  }
  return order;
}
