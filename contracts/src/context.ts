import { z } from 'zod';
import { isoDate } from './common.js';
import { consignmentStateParam } from './consignments/gridRow.js';

/**
 * The context of a live subscription (spec §3 "Context filter", §7 socket). Sent in the socket's
 * query string and, at any time, as a JSON frame. Only changes that match reach the socket.
 */
const list = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (v: unknown): unknown[] =>
      v === undefined || v === null ? [] : Array.isArray(v) ? (v as unknown[]) : [v],
    z.array(item),
  );

export const subscriptionContextSchema = z.object({
  dates: list(isoDate),
  departmentIds: list(z.coerce.string()),
  customerIds: list(z.coerce.string()),
  /** Which feeds the client wants; `NONE` (the default) means entity changes only. */
  contexts: list(z.string()),
  /** Entity names (read-model names) to receive; empty means all. */
  types: list(z.string()),
  filters: list(z.string()),
  consignmentStates: list(consignmentStateParam),
});
export type SubscriptionContext = z.infer<typeof subscriptionContextSchema>;

export const DEFAULT_CONTEXTS = ['NONE'];

/** A data message on the socket: one changed read-model row. */
export interface ChangeMessage {
  entity: string;
  op: 'upsert' | 'delete';
  id: string;
  revision: number;
  data: unknown;
}

/** What the gateway needs to know of a change to decide which sockets get it. */
export interface ChangeScope {
  departmentId: string | null;
  customerId: string | null;
  /** Business date (yyyy-MM-dd) of the row, when it is date-bound. */
  date: string | null;
  state: string | null;
  /**
   * The departments of a row that belongs to several (a courier's position, a department group's
   * members, a user's department access); null for rows of one department or none.
   */
  departmentIds: string[] | null;
  /** The courier a row belongs to (a slot's driver): what a courier's socket is limited to. */
  courierId?: string | null;
}

export { socketProtocol } from './socketProtocol.js';
