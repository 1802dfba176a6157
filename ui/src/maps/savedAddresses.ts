import type { AddressBlock, AddressResult, AddressRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useShell } from '../app/UserContext';
import { mayQuery } from '../planner/optimizing/queries';
import { runQuery } from '../shell/api';

/**
 * The address search's choices (docs/decisions/0061-address-book.md): the order's customer's
 * saved addresses first, marked as saved, then the gazetteer's suggestions.
 */
export type SearchOption =
  { kind: 'saved'; row: AddressRow } | { kind: 'found'; result: AddressResult };

/** What the search looks in the address book for: a customer's addresses for one side. */
export interface SavedFor {
  customerId: string;
  usage: 'PICKUP' | 'DELIVERY';
}

/** Saved addresses offered at most (before the gazetteer's). */
export const SAVED_OFFERED = 8;

/** A saved address as one line: "name, street, postal code town". */
export const savedLabel = (block: AddressBlock): string =>
  [block.name, block.address, [block.zipCode, block.zipArea].filter(Boolean).join(' ')]
    .filter(Boolean)
    .join(', ');

/** The typed text as the address book's words (commas and semicolons part words too). */
export const savedPhrase = (text: string): string => text.replace(/[,;]+/g, ' ').trim();

/** The saved addresses first (at most SAVED_OFFERED), then the gazetteer's suggestions. */
export function searchOptions(
  saved: readonly AddressRow[],
  found: readonly AddressResult[],
  withPoint: boolean,
): SearchOption[] {
  return [
    ...saved.slice(0, SAVED_OFFERED).map((row): SearchOption => ({ kind: 'saved', row })),
    ...found
      .filter((r) => !withPoint || r.latLng)
      .map((result): SearchOption => ({ kind: 'found', result })),
  ];
}

export const optionLabel = (o: SearchOption): string =>
  o.kind === 'saved' ? savedLabel(o.row.block) : o.result.label;

export const optionKey = (o: SearchOption): string =>
  o.kind === 'saved'
    ? `saved|${o.row.id}`
    : `${o.result.label}|${o.result.zipCode}|${o.result.countryCode}`;

/**
 * The customer's saved addresses for a side whose name, street, town, code or contact has the
 * typed words (query `addresses`; none for a user who may not read them, or on a failure).
 */
export function useSavedAddresses(text: string, savedFor: SavedFor | undefined) {
  const { user } = useShell();
  // "Storgata 1, 0155" as a planner types it for the gazetteer: the saved ones match words.
  const typed = savedPhrase(text);
  const allowed =
    savedFor !== undefined && savedFor.customerId !== '' && mayQuery(user, 'addresses');
  const query = useQuery({
    queryKey: ['savedAddresses', savedFor?.customerId, savedFor?.usage, typed],
    enabled: allowed,
    staleTime: 30_000,
    queryFn: () =>
      runQuery<AddressRow[]>('addresses', {
        customerIds: [savedFor!.customerId],
        usage: savedFor!.usage,
        ...(typed ? { searchPhrase: typed } : {}),
        limit: SAVED_OFFERED,
      }).catch(() => []),
  });
  return allowed ? (query.data ?? []) : [];
}
