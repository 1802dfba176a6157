/**
 * Records a decider's state keeps by id (the entries of a stream that holds many: a department's
 * matrix, its production time windows, an order's deviations): one added, one changed (its
 * changes merged into it; a change of one not there changes nothing), one removed.
 */
export type Records<T> = Readonly<Record<string, T>>;

export const withRecord = <T>(records: Records<T>, id: string, record: T): Records<T> => ({
  ...records,
  [id]: record,
});

export function withChanges<T extends object>(
  records: Records<T>,
  id: string,
  changes: Partial<NoInfer<T>>,
): Records<T> {
  const current = records[id];
  return current ? { ...records, [id]: { ...current, ...changes } } : records;
}

export function withoutRecord<T>(records: Records<T>, id: string): Records<T> {
  const { [id]: _gone, ...rest } = records;
  return rest;
}

/** Equal record values (text, numbers, lists and objects of them, as stored in events). */
export const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
