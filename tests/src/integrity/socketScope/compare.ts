import { entityAccess, type EntityName } from '@nordlog/contracts';
import { bookingDate } from '../../support/booking.js';
import { type Row } from './world.js';

/** Whether a context takes this row (its entity type, departments, customer and date). */
export function inContext(context: Record<string, string[]>, key: string, row: Row): boolean {
  const entity = key.slice(0, key.indexOf(':')) as EntityName;
  const scope = entityAccess[entity].scope(row as never);
  const types = context.types ?? [];
  const askedByType = types.includes(entity);
  if (types.length > 0 && !askedByType) return false;
  const departments = scope.departmentIds ?? (scope.departmentId ? [scope.departmentId] : []);
  const asked = context.departmentIds ?? [];
  if (
    asked.length > 0 &&
    (departments.length === 0 ? !askedByType : !departments.some((d) => asked.includes(d)))
  )
    return false;
  const customers = context.customerIds ?? [];
  if (
    customers.length > 0 &&
    (scope.customerId === null ? !askedByType : !customers.includes(scope.customerId))
  )
    return false;
  const dates = context.dates ?? [bookingDate(0)];
  return scope.date === null || dates.includes(scope.date);
}

/** The socket's row and the query's agree on every field the socket sent but bookkeeping. */
export function sameData(socket: Row, query: Row): boolean {
  const keys = Object.keys(socket).filter((k) => k !== 'id');
  const pick = (row: Row) => JSON.stringify(keys.map((k) => [k, row[k]]));
  return pick(socket) === pick({ ...query, id: socket.id });
}
