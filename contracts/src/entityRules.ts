import type { ChangeScope } from './context.js';
import type { QueryName } from './registry.js';

/**
 * Who may read a row of a read model: the one rule the query service and the socket share
 * (docs/decisions/0018). A row reaches a user, by a query or on the socket, only when one of the
 * entity's queries is permitted to that user and the row's scope passes the entity's rule.
 *
 * - `department`: the row's department is the reader's (or the row has none);
 * - `departmentAndCustomer`: that, and a customer user reads only its own customers' rows;
 * - `anyDepartment`: a row of several departments (a courier's position) reaches readers of any;
 * - `everyDepartment`: a row of several departments and customers (a label document of several
 *   orders) reaches readers who may read each of its departments with its customer (null: several
 *   customers, so no customer user);
 * - `departmentGroup`: groups of the reader's access, and non-empty groups of its departments;
 * - `userAccess`: users whose department access lies wholly inside the reader's;
 * - `allDepartments`: only readers who see every department (and are not customer users);
 * - `everyone`: every reader the query permits (holidays, role entities);
 * - `slot`: a planner reads the slots of its departments; a courier only the slots it drives.
 */
export type RowRule =
  | 'department'
  | 'departmentAndCustomer'
  | 'anyDepartment'
  | 'everyDepartment'
  | 'departmentGroup'
  | 'userAccess'
  | 'allDepartments'
  | 'everyone'
  | 'slot';

export interface EntityAccess<Row = never> {
  /** The read model: one row per entity id, the row's JSON in `data`. */
  table: string;
  /** The queries that answer rows of this entity. */
  queries: readonly QueryName[];
  rule: RowRule;
  /** The scope of a row: what the rule and the socket's context filter look at. */
  scope(row: Row): ChangeScope;
}

/** A change scope: every field null but those given. */
export const changeScope = (over: Partial<ChangeScope>): ChangeScope => ({
  departmentId: null,
  customerId: null,
  date: null,
  state: null,
  departmentIds: null,
  courierId: null,
  ...over,
});

export const entity = <Row>(access: EntityAccess<Row>) => access;
