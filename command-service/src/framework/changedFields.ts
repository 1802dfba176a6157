/** The fields whose new value differs from the current one (deep, by JSON value). */
export function changedFields<T extends object>(current: T, update: Partial<T>): Partial<T> {
  const changes: Partial<T> = {};
  for (const [key, value] of Object.entries(update) as [keyof T, T[keyof T]][]) {
    if (value !== undefined && JSON.stringify(current[key]) !== JSON.stringify(value))
      changes[key] = value;
  }
  return changes;
}
