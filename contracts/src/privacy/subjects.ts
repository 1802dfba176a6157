/**
 * Data subjects: the people whose personal data the product keeps, one key each
 * (docs/decisions/0050-personal-data.md). A subject is named by what the product knows them by:
 * the recipient and sender people of an order (`order:{id}`, one subject for the order's
 * parties), a user (`user:{id}`), a courier's positions of a day (`courier:{id}:{date}`).
 */
export const subjectKinds = ['order', 'user', 'courier', 'address'] as const;
export type SubjectKind = (typeof subjectKinds)[number];

export const orderSubject = (orderId: string) => `order:${orderId}`;
export const userSubject = (userId: string) => `user:${userId}`;
/** The people of a saved address of the address book (docs/decisions/0061-address-book.md). */
export const addressSubject = (addressId: string) => `address:${addressId}`;
/**
 * A courier's positions of one day (the UTC day of the measurement, `at`): each day its own key,
 * so the positions expire a day at a time (COURIER_POSITION_RETENTION_DAYS).
 */
export const courierDaySubject = (courierId: string, at: string) =>
  `courier:${courierId}:${at.slice(0, 10)}`;

/** A subject's kind and id, or null for a string that names none. */
export function parseSubject(subject: string): { kind: SubjectKind; id: string } | null {
  const colon = subject.indexOf(':');
  if (colon < 0) return null;
  const kind = subject.slice(0, colon);
  const id = subject.slice(colon + 1);
  if (!id || !(subjectKinds as readonly string[]).includes(kind)) return null;
  return { kind: kind as SubjectKind, id };
}
