import { z } from 'zod';
import { updateShape } from '../updates.js';
import { entityId, idSet, nonEmptyText } from '../common.js';

export const CUSTOMER_GROUPS_TABLE = 'rm_customer_groups';
export const CUSTOMER_GROUPS_ENTITY = 'customerGroups';

/** Spec §3 groups: name, description and customers. */
const fields = {
  name: nonEmptyText.max(200),
  description: z.string().trim().max(1000).default(''),
  customerIds: idSet.default([]),
};

export const createCustomerGroupSchema = z.object(fields);
export const updateCustomerGroupSchema = z.object({
  id: entityId,
  ...updateShape(fields),
});
export const deleteCustomerGroupSchema = z.object({ id: entityId });

export type CustomerGroupFields = z.output<typeof createCustomerGroupSchema>;
export interface CustomerGroup extends CustomerGroupFields {
  id: string;
}
export interface CustomerGroupRow extends CustomerGroup {
  revision: number;
  updatedAtEpoch: number;
  /** Deleted: kept as a tombstone in the read model, never answered. */
  deleted: boolean;
}

export type CustomerGroupEvent =
  | { type: 'CustomerGroupCreated'; data: CustomerGroup }
  | { type: 'CustomerGroupUpdated'; data: { id: string; changes: Partial<CustomerGroupFields> } }
  | { type: 'CustomerGroupDeleted'; data: { id: string } };

export const customerGroupStream = (id: string) => `customer-group-${id}`;

export const customerGroupCommandSchemas = {
  CREATE_CUSTOMER_GROUP: createCustomerGroupSchema,
  UPDATE_CUSTOMER_GROUP: updateCustomerGroupSchema,
  DELETE_CUSTOMER_GROUP: deleteCustomerGroupSchema,
} as const;

/** Query `customerGroups` (spec §7): every group, its members limited to the caller's scope. */
export const customerGroupsQuerySchema = z.object({ ids: z.array(entityId).optional() });
/** Query `customerGroupMembers {groupId}`: the customers of one group. */
export const customerGroupMembersQuerySchema = z.object({ groupId: entityId });
