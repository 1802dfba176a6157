import type { z } from 'zod';

/**
 * Update semantics (one rule for every update command): a field left out is unchanged; a field
 * sent as null is cleared where the field allows null, and refused where it does not. No default
 * of the create form is applied on update: zod applies `.default()` even under `.optional()`, so a
 * partial update built by wrapping the create fields would reset every field it does not name.
 */

/** The schema without its defaults (through optional and nullable wrappers). */
export function withoutDefault(schema: z.ZodType): z.ZodType {
  const def = (schema as unknown as { def: { type: string } }).def;
  switch (def.type) {
    case 'default':
    case 'prefault':
      return withoutDefault((schema as unknown as z.ZodDefault<z.ZodType>).unwrap());
    case 'optional':
      return withoutDefault((schema as z.ZodOptional<z.ZodType>).unwrap());
    case 'nullable':
      return withoutDefault((schema as z.ZodNullable<z.ZodType>).unwrap()).nullable();
    default:
      return schema;
  }
}

type Updatable<S> =
  S extends z.ZodDefault<infer Inner>
    ? Updatable<Inner>
    : S extends z.ZodOptional<infer Inner>
      ? Updatable<Inner>
      : S;

/** The update form of a create form's fields: each optional, with no default. */
export type UpdateShape<F extends z.ZodRawShape> = {
  [K in keyof F]: z.ZodOptional<Updatable<F[K]>>;
};

export function updateShape<F extends z.ZodRawShape>(fields: F): UpdateShape<F> {
  return Object.fromEntries(
    Object.entries(fields).map(([key, schema]) => [
      key,
      withoutDefault(schema as z.ZodType).optional(),
    ]),
  ) as unknown as UpdateShape<F>;
}

/** The fields an update names (its keys with a value other than undefined), id fields excluded. */
export function namedFields<T extends object>(update: T, idKeys: readonly string[] = ['id']) {
  return Object.fromEntries(
    Object.entries(update).filter(([k, v]) => v !== undefined && !idKeys.includes(k)),
  ) as Partial<T>;
}
