import { z } from 'zod';
import { entityId } from '../common.js';
import { updateShape } from '../updates.js';
import {
  addressBlockSchema,
  requiredBlockIssues,
  type AddressBlock,
} from '../consignments/order.js';

export * from './columns.js';
export * from './recipientSearch.js';
import { searchRecipientIdSchema } from './recipientSearch.js';

/**
 * The address book (spec §2 `/addresses`, `/addresses/new`, the client store's `addresses`;
 * docs/decisions/0061-address-book.md): a department's saved pickup and delivery places of its
 * customers, each placed on the map once (when saved) and offered by the booking form before the
 * gazetteer. An address is its own stream; the people in it (a name, a phone, an e-mail, the
 * street of a home) are personal data sealed under the address's own subject, erased when the
 * address is deleted.
 */

export const ADDRESSES_TABLE = 'rm_addresses';
export const ADDRESSES_ENTITY = 'addresses';

/** What a saved address is offered for in the booking form. */
export const addressUsages = ['PICKUP', 'DELIVERY', 'BOTH'] as const;
export type AddressUsage = (typeof addressUsages)[number];

/** At most this many addresses answered by one `addresses` query. */
export const ADDRESS_QUERY_LIMIT = 1000;

const fields = {
  /** The department whose address book holds it (the screen's department). */
  departmentId: entityId,
  /** The customer it is an address of. */
  customerId: entityId,
  usage: z.enum(addressUsages, { error: 'validation.choice' }).default('BOTH'),
  /** The customer's own code of the place (its systems' address id); unique per customer. */
  code: z.string().trim().max(50, { error: 'validation.tooLong' }).default(''),
  /** The place and the people there, as the order's pickup or delivery block holds them. */
  block: addressBlockSchema,
  /**
   * A pickup point of the department (a shop or a locker, docs/decisions/0063): offered to
   * recipients on the tracking page, who may have their parcel delivered there instead.
   */
  pickupPoint: z.boolean().default(false),
};

/** Where a saved place is incomplete: the order's rules for a delivery block (spec §5). */
function refineBlock(block: AddressBlock | undefined, ctx: z.RefinementCtx) {
  if (!block) return;
  for (const issue of requiredBlockIssues(block))
    ctx.addIssue({ code: 'custom', path: ['block', ...issue.path], message: issue.message });
}

/** CREATE_ADDRESS: saves a place in a department's address book. */
export const createAddressSchema = z
  .object(fields)
  .superRefine((v, ctx) => refineBlock(v.block, ctx));
/** UPDATE_ADDRESS: the fields sent replace the saved ones (the block as a whole). */
export const updateAddressSchema = z
  .object({ id: entityId, ...updateShape(fields) })
  .superRefine((v, ctx) => refineBlock(v.block, ctx));
/** DELETE_ADDRESS: deleted, and the people in it erased for good (0061). */
export const deleteAddressSchema = z.object({ id: entityId });

export type AddressFields = z.output<typeof createAddressSchema>;
export interface SavedAddress extends AddressFields {
  id: string;
}
export interface AddressRow extends SavedAddress {
  revision: number;
  updatedAtEpoch: number;
  /** Deleted: kept as a tombstone in the read model, never answered. */
  deleted: boolean;
}

export type AddressEvent =
  | { type: 'AddressCreated'; data: SavedAddress }
  | { type: 'AddressUpdated'; data: { id: string; changes: Partial<AddressFields> } }
  | { type: 'AddressDeleted'; data: { id: string } };

export const addressStream = (id: string) => `address-${id}`;

export const addressBookCommandSchemas = {
  CREATE_ADDRESS: createAddressSchema,
  UPDATE_ADDRESS: updateAddressSchema,
  DELETE_ADDRESS: deleteAddressSchema,
  SEARCH_RECIPIENT_ID: searchRecipientIdSchema,
} as const;

/**
 * Query `addresses` (0061): the saved addresses the caller may read, by name; narrowed to
 * departments, customers, ids, a use (PICKUP answers the pickup and both-ways addresses) and a
 * phrase (name, street, postal code, town, code or contact), at most `limit`.
 */
export const addressesQuerySchema = z.object({
  departmentIds: z.array(entityId).max(1000).optional(),
  customerIds: z.array(entityId).max(1000).optional(),
  ids: z.array(entityId).max(ADDRESS_QUERY_LIMIT).optional(),
  usage: z.enum(['PICKUP', 'DELIVERY']).optional(),
  searchPhrase: z.string().trim().max(200).optional(),
  limit: z.number().int().min(1).max(ADDRESS_QUERY_LIMIT).default(200),
});
export type AddressesQuery = z.input<typeof addressesQuerySchema>;
