/**
 * Values only one entity may hold at a time (a user's phone number and e-mail address), kept as
 * one reservation stream per normalised value (docs/decisions/0013). The command that gives an
 * entity such a value appends the reservation in the same atomic append as the entity's own
 * event, at the reservation stream's revision it read, so two owners can never both succeed.
 */
export type ReservationEvent =
  | { type: 'UniqueValueReserved'; data: { kind: UniqueKind; value: string; ownerId: string } }
  | { type: 'UniqueValueReleased'; data: { kind: UniqueKind; value: string; ownerId: string } };

/** `shipmentId`: a GSIN names one order, and its reservation finds that order (0020). */
/** `articleCode`: an article's code names it on price lists and order lines, once and for good. */
export type UniqueKind = 'phoneNumber' | 'email' | 'shipmentId' | 'articleCode';

/** The normalised form a value is reserved under: phone numbers are stored normalised already. */
export const uniqueValue = (kind: UniqueKind, value: string): string =>
  kind === 'email' ? value.trim().toLowerCase() : value.trim();

export const reservationStream = (kind: UniqueKind, value: string): string =>
  `unique-${kind}-${uniqueValue(kind, value)}`;

/**
 * The kinds whose values are a person's (a user's phone number and e-mail address): reserved under
 * the installation's pseudonym of the value, never the value (docs/decisions/0050, addendum).
 */
export const personalUniqueKinds: readonly UniqueKind[] = ['phoneNumber', 'email'];

/** What a personal value's pseudonym is the digest of: its kind and normalised value. */
export const pseudonymText = (kind: UniqueKind, value: string): string =>
  `${kind}:${uniqueValue(kind, value)}`;

/** The reservation stream of a personal value, by its pseudonym (`h` and 64 hex digits). */
export const pseudonymousReservationStream = (kind: UniqueKind, pseudonym: string): string =>
  `unique-${kind}-h${pseudonym}`;
