/** The links between an order and its return (docs/decisions/0057-returns.md). */

/** How a return is made: a copy of a deviated order, or the legs through the terminal. */
export const returnKinds = ['COPY', 'MULTILEG'] as const;
export type ReturnKind = (typeof returnKinds)[number];

/**
 * Where COPY_DEVIATED_ORDER sends the goods: a new attempt at the same address, back to the
 * sender (the customer's return address, else where the goods were picked up), or a new address.
 */
export const copyDestinations = ['SAME_ADDRESS', 'SENDER', 'NEW_ADDRESS'] as const;
export type CopyDestination = (typeof copyDestinations)[number];

/** What a return order knows of the order it returns (in its OrderCreated, and its row). */
export interface ReturnLink {
  orderId: string;
  returnId: string;
  kind: ReturnKind;
  /** 1-based: the leg's place in the return (a copy is leg 1 of 1). */
  leg: number;
  legs: number;
}

/** What the returned order records of its return (OrderReturnCreated, and its row). */
export interface OrderReturn {
  returnId: string;
  kind: ReturnKind;
  /** COPY: where it goes; MULTILEG: null. */
  to: CopyDestination | null;
  /** The return's orders, first leg first. */
  orderIds: string[];
  /**
   * MULTILEG: the customer takes returns back at the terminal ("return last leg" off), so the
   * leg from the terminal was not made.
   */
  lastLegSkipped: boolean;
  /** When, and by whom (the event's metadata; set by the read model). */
  createdAt?: string;
  createdBy?: string | null;
}
