import { z } from 'zod';
import { entityId } from '../common.js';
import { pinKey } from '../geocoding/pins.js';
import type { AddressSide } from './events.js';
import type { OrderRow } from './orders.js';

/**
 * Unresolved addresses (spec §2 `/unresolved`, `/coordinates`; §7 `unresolvedAddresses`,
 * `unresolvedAddressCount`; docs/decisions/0053-unresolved-addresses.md): an order in state
 * UNRESOLVED has a side whose address the gazetteer could not place. The screen shows one line per
 * address as booked (by its pin key, per department), with every order booked to it, so a planner
 * places a repeated address once.
 */
const sides: readonly AddressSide[] = ['pickup', 'delivery'];

/** The sides of an order whose address has no point yet (none unless it is UNRESOLVED). */
export const unresolvedSides = (row: Pick<OrderRow, 'state' | 'order'>): AddressSide[] =>
  row.state !== 'UNRESOLVED'
    ? []
    : sides.filter((s) => row.order[s].lat == null || row.order[s].lng == null);

/** The address key (`pinKey`) of an order's side. */
export const sideKey = (row: Pick<OrderRow, 'order'>, side: AddressSide): string => {
  const b = row.order[side];
  return pinKey({
    address: b.address ?? '',
    zipCode: b.zipCode,
    zipArea: b.zipArea,
    countryCode: b.countryCode ?? '',
  });
};

/** The keys of an order's unresolved addresses (the read model's `unresolved_keys`), or null. */
export const unresolvedKeys = (row: Pick<OrderRow, 'state' | 'order'>): string[] | null => {
  const keys = [...new Set(unresolvedSides(row).map((s) => sideKey(row, s)))];
  return keys.length > 0 ? keys : null;
};

const departmentIds = z.array(entityId).optional();

/** Query `unresolvedAddresses`: the addresses of the departments' UNRESOLVED orders. */
export const unresolvedAddressesQuerySchema = z.object({
  departmentIds,
  /** At most this many addresses (the ones with the most orders first). */
  limit: z.number().int().min(1).max(5000).default(500),
});
/** Query `unresolvedAddressCount`: `{count}` addresses, `{orders}` orders behind them. */
export const unresolvedAddressCountQuerySchema = z.object({ departmentIds });

/** An order booked to an unresolved address, and on which side. */
export interface UnresolvedOrder {
  orderId: string;
  shipmentId: string | null;
  side: AddressSide;
  customerId: string;
  customerName: string | null;
  /** The pickup date. */
  date: string;
  /** The party's name on that side. */
  name: string;
}

/** One line of the screen: an address as booked, with its orders. */
export interface UnresolvedAddress {
  /** `departmentId|pinKey`: stable while the address is unresolved. */
  id: string;
  departmentId: string;
  address: string;
  zipCode: string;
  zipArea: string;
  countryCode: string;
  orders: UnresolvedOrder[];
}
