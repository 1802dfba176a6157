import { ReferenceInput, SelectInput, required } from 'react-admin';
import { nullableSelect } from './fields';

/**
 * Every department to choose from, by name. react-admin's reference inputs read 25 records,
 * newest first, unless told otherwise: with more departments than that the oldest could not be
 * chosen at all (a CI walk met it when its own departments pushed the demo's out).
 */
export const DEPARTMENT_CHOICES = { perPage: 1000, sort: { field: 'name', order: 'ASC' } } as const;

/**
 * The department select of the admin pages: `required` (no empty choice), `optional` (none is
 * null) or a list `filter` (none is no filter).
 */
export function DepartmentInput(props: {
  mode: 'required' | 'optional' | 'filter';
  source?: string;
  /** A list filter shown at all times. */
  alwaysOn?: boolean;
}) {
  const { source = 'departmentId', mode } = props;
  return (
    <ReferenceInput
      source={source}
      reference="admin/departments"
      perPage={DEPARTMENT_CHOICES.perPage}
      sort={DEPARTMENT_CHOICES.sort}
      {...(props.alwaysOn ? { alwaysOn: true } : {})}
    >
      {mode === 'required' ? (
        <SelectInput optionText="name" validate={required()} />
      ) : mode === 'optional' ? (
        <SelectInput optionText="name" {...nullableSelect} />
      ) : (
        <SelectInput optionText="name" />
      )}
    </ReferenceInput>
  );
}
