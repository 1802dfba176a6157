import {
  AppError,
  erasedValue,
  orderStream,
  splitPersonal,
  type AddressSide,
  type BookedOrder,
} from '@nordlog/contracts';

/**
 * An order's decider state after its parties' personal data was erased
 * (docs/decisions/0050-personal-data.md): as a fold of its erased events would leave it.
 */

type Coordinates = { lat: number; lng: number } | null;

/** The order with its parties' personal values erased, as its erased events read. */
function erasedOrder(order: BookedOrder): BookedOrder {
  const stored = splitPersonal('OrderUpdated', orderStream(order.orderId), { order }).stored;
  return (stored as { order: BookedOrder }).order;
}

const erasedCoordinates = (c: Coordinates): Coordinates =>
  c && {
    lat: erasedValue('position', c.lat) as number,
    lng: erasedValue('position', c.lng) as number,
  };

/** The state with its order and the points of its addresses erased, and marked erased. */
export function erasedState<
  S extends {
    order: BookedOrder;
    address: Record<AddressSide, { coordinates: Coordinates }>;
    erased: boolean;
  },
>(s: S): S {
  return {
    ...s,
    erased: true,
    order: erasedOrder(s.order),
    address: {
      pickup: { ...s.address.pickup, coordinates: erasedCoordinates(s.address.pickup.coordinates) },
      delivery: {
        ...s.address.delivery,
        coordinates: erasedCoordinates(s.address.delivery.coordinates),
      },
    },
  };
}

/**
 * An edit of an order whose parties' data was erased may change anything but that data: the
 * erased fields keep their erased values (the form sends them back as they are).
 */
export function refuseErasedEdit(edited: unknown, current: BookedOrder): void {
  const personal = (o: unknown) =>
    JSON.stringify([...splitPersonal('OrderUpdated', 'order-0', { order: o }).patches.values()]);
  if (personal(edited) !== personal(current))
    throw new AppError(
      'PERSONAL_DATA_ERASED',
      `The personal data of order ${current.orderId} was erased; it cannot be set again`,
      { orderId: current.orderId },
    );
}
