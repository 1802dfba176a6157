/**
 * The query-key heads of the unresolved-address screen and of its notice (docs/decisions/0053).
 * The screen's list is registered with the consignments entity (resources/registry), so a change
 * of one of its orders over the socket fetches it again.
 */
export const UNRESOLVED_KEY = 'unresolvedAddresses';
export const UNRESOLVED_COUNT_KEY = 'unresolvedAddressCount';
