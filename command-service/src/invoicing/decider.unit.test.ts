import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  acceptOrderCorrectionSchema,
  AppError,
  createOrderCorrectionSchema,
  createOrderSchema,
  invoicingTransitions,
  updateOrderPriceCorrectionsSchema,
  type ArticlePriceCorrection,
  type BookedOrder,
  type ConsignmentEvent,
  type ConsignmentState,
  type CorrectionValues,
  type InvoicingAction,
  type InvoicingEvent,
  type InvoicingStatus,
  type OrderPrice,
  type PricedOn,
} from '@nordlog/contracts';
import { fold, type Decider } from '../framework/decider.js';
import { given } from '../framework/testing.js';
import {
  orderInvoicingDecider,
  type OrderInvoicingCommand,
  type OrderInvoicingState,
} from './decider.js';

/**
 * The order's stream holds consignment events and invoicing events alike; the invoicing decider's
 * evolve folds both (the consignment events for state, customer and packages).
 */
type StreamEvent = ConsignmentEvent | InvoicingEvent;
const stream: Decider<OrderInvoicingState, OrderInvoicingCommand, StreamEvent> = {
  initialState: orderInvoicingDecider.initialState,
  evolve: (state, event) => orderInvoicingDecider.evolve(state, event as InvoicingEvent),
  decide: (command, state) => orderInvoicingDecider.decide(command, state),
};
const stateOf = (events: StreamEvent[]) => {
  const state = fold(stream, events);
  if (state.status !== 'booked') throw new Error('expected a booked order');
  return state;
};

const AT = '2026-11-24T15:30:00.000Z';
/** An event as the store hands it back: with who decided it and when. */
const recorded = <E extends StreamEvent>(e: E, userId = '5', occurredAt = AT): E => ({
  ...e,
  metadata: { commandId: 'c1', correlationId: 'c1', causationId: 'c1', userId, occurredAt },
});

const block = (name: string, zipCode: string, lat: number) => ({
  name,
  address: 'Storgata 1',
  zipCode,
  zipArea: 'Oslo',
  countryCode: 'NO',
  lat,
  lng: 10.75,
});
const booked = (over: Record<string, unknown> = {}): BookedOrder => ({
  ...createOrderSchema.parse({
    departmentId: '1',
    customerId: '2',
    pickupDate: '2026-11-23',
    deliveryDate: '2026-11-24',
    priority: 'normal',
    type: 'Delivery',
    requiresConfirmation: false,
    pickup: block('Lager Alnabru', '0668', 59.93),
    delivery: block('Butikk Majorstuen', '0367', 59.93),
    measurements: [
      { weight: 12, length: 40, width: 30, height: 20, quantity: 3 },
      { weight: 2, length: 10, width: 10, height: 10, quantity: 1 },
    ],
    ...over,
  }),
  orderId: '7',
  shipmentId: '70900010000000019',
});

const created = (o = booked()): ConsignmentEvent => ({
  type: 'OrderCreated',
  data: { order: o, state: 'RESOLVED' },
});
const assigned: ConsignmentEvent = {
  type: 'ConsignmentAssignedToSlot',
  data: { slotId: '11', previousSlotId: null, state: 'ASSIGNED' },
};
const collected: ConsignmentEvent = {
  type: 'ConsignmentCollected',
  data: { manual: false, comment: null, state: 'COLLECTED' },
};
const deliveredEvent: ConsignmentEvent = {
  type: 'ConsignmentDelivered',
  data: { manual: false, comment: null, state: 'DELIVERED' },
};
const returnedEvent: ConsignmentEvent = {
  type: 'ConsignmentReturned',
  data: { manual: false, comment: 'Nobody home', state: 'RETURNED' },
};
const deviatedEvent: ConsignmentEvent = {
  type: 'ConsignmentDeviated',
  data: { manual: false, reason: 'DAMAGED', comment: null, state: 'DEVIATED' },
};
const deletedEvent = (previousState: ConsignmentState): ConsignmentEvent => ({
  type: 'OrderDeleted',
  data: { previousState, state: 'DELETED' },
});

/** Booked, planned, collected, delivered: to be invoiced. */
const delivered: StreamEvent[] = [created(), assigned, collected, deliveredEvent];
/** Booked and planned, not delivered yet. */
const planned: StreamEvent[] = [created(), assigned];

const statusSet = (
  action: InvoicingAction,
  held: InvoicingStatus | null,
  reason: string | null = null,
): InvoicingEvent => ({ type: 'OrderInvoicingStatusSet', data: { action, held, reason } });
const paused = statusSet('pause', 'INVOICING_PAUSED', 'Customer disputes the price');
const excluded = statusSet('exclude', 'EXCLUDED_FROM_INVOICING', 'Invoiced by hand');
const sent = statusSet('send', 'AWAITING_ACKNOWLEDGEMENT');
const failed = statusSet('fail', 'INVOICING_FAILED', 'Rejected by the ledger');
const markedInvoiced = statusSet('invoice', 'INVOICED_OK', 'Invoiced in the old system');

const values = (over: Partial<CorrectionValues> = {}): CorrectionValues => ({
  numberOfPackages: 5,
  volumeDmq: 80,
  weightKilograms: 41.5,
  deliveryWaitingTimeInMinutes: 20,
  pickupWaitingTimeInMinutes: 0,
  deliveryLoadingTimeInMinutes: 10,
  pickupLoadingTimeInMinutes: 5,
  ...over,
});
const proposed = values();
const correctionCreated = (id = '31', existingPackages = 4): InvoicingEvent => ({
  type: 'OrderCorrectionCreated',
  data: { id, existingPackages, proposed, comment: 'Measured at the terminal' },
});
const correctionAccepted = (id = '31', v = values()): InvoicingEvent => ({
  type: 'OrderCorrectionAccepted',
  data: { id, values: v, comment: 'OK' },
});
const correctionRejected = (id = '31'): InvoicingEvent => ({
  type: 'OrderCorrectionRejected',
  data: { id, comment: 'The booking was right' },
});

const freightCorrection: ArticlePriceCorrection = {
  articleCode: 'FREIGHT',
  articleLabel: 'Freight, agreed price',
  customerPrice: 450,
  resourcePrice: 300,
  transportLegIndex: 0,
};
const waitingCorrection: ArticlePriceCorrection = {
  articleCode: 'WAITING',
  articleLabel: 'Waiting time',
  customerPrice: 120.5,
};
const pricesCorrected = (list: ArticlePriceCorrection[]): InvoicingEvent => ({
  type: 'OrderPricesCorrected',
  data: { correctedArticlePrices: list, reason: 'Agreed with the customer' },
});

const price: OrderPrice = {
  orderIds: ['7'],
  currency: 'NOK',
  priceListId: '2',
  zone: '1',
  lines: [
    {
      articleCode: 'FREIGHT',
      label: 'Freight',
      kind: 'FREIGHT',
      quantity: 1,
      customerUnitPrice: 39_900,
      customerAmount: 39_900,
      resourceAmount: 25_000,
      corrected: false,
    },
  ],
  customerNet: 39_900,
  resourceNet: 25_000,
  vatBasisPoints: 2500,
  vat: 9975,
  customerGross: 49_875,
  errors: [],
};
const asBooked: PricedOn = { correctedArticlePrices: [], corrected: null, smsSent: [] };
/** What the price was computed from; no SMS sent unless said. */
type Priced = Omit<PricedOn, 'smsSent'> & Partial<Pick<PricedOn, 'smsSent'>>;
const invoice = (pricedOn: Priced = asBooked): OrderInvoicingCommand => ({
  type: 'INVOICE',
  runId: '40',
  invoiceId: '41',
  invoiceNumber: '100041',
  price,
  pricedOn: { smsSent: [], ...pricedOn },
});
const orderInvoiced: InvoicingEvent = {
  type: 'OrderInvoiced',
  data: {
    runId: '40',
    invoiceId: '41',
    invoiceNumber: '100041',
    price,
    held: 'INVOICED_OK',
  },
};
const act = (action: InvoicingAction, reason: string | null = null): OrderInvoicingCommand => ({
  type: 'ACT',
  action,
  reason,
});
const createCorrection = (id = '32'): OrderInvoicingCommand => ({
  type: 'CREATE_CORRECTION',
  id,
  proposed,
  comment: 'Measured at the terminal',
});
const accept = (id = '31', v = values()): OrderInvoicingCommand => ({
  type: 'ACCEPT_CORRECTION',
  id,
  values: v,
  comment: 'OK',
});
const reject = (id = '31'): OrderInvoicingCommand => ({
  type: 'REJECT_CORRECTION',
  id,
  comment: 'The booking was right',
});
const correctPrices = (list: ArticlePriceCorrection[]): OrderInvoicingCommand => ({
  type: 'CORRECT_PRICES',
  correctedArticlePrices: list,
  reason: 'Agreed with the customer',
});

/** The histories that leave an order invoiced (S4-STATE-010: both invoiced statuses). */
const invoicedHistories: [string, StreamEvent[]][] = [
  ['invoiced by a run (INVOICED_OK)', [...delivered, orderInvoiced]],
  ['marked invoiced by hand (INVOICED_OK)', [...delivered, markedInvoiced]],
  ['sent, awaiting acknowledgement', [...delivered, sent]],
];

describe('order invoicing: an order that does not exist', () => {
  it('refuses every command with ORDER_NOT_FOUND', () => {
    const commands: OrderInvoicingCommand[] = [
      act('pause', 'x'),
      invoice(),
      createCorrection(),
      accept(),
      reject(),
      correctPrices([]),
    ];
    for (const command of commands) given(stream).when(command).thenRefuses('ORDER_NOT_FOUND');
  });

  it('ignores invoicing events on a stream that has no order yet', () => {
    expect(fold(stream, [paused, correctionCreated()])).toEqual({ status: 'none' });
  });
});

describe('order invoicing: the fold', () => {
  it('reads customer, department, slot, state and booked packages from the consignment events', () => {
    const s = stateOf(delivered);
    expect(s).toMatchObject({
      orderId: '7',
      state: 'DELIVERED',
      departmentId: '1',
      customerId: '2',
      slotId: '11',
      packages: 4,
      correctedArticlePrices: [],
    });
    expect(s.invoicing.held).toBeNull();
  });

  it('an edit of the order keeps its hold and its corrections', () => {
    const edited: ConsignmentEvent = {
      type: 'OrderUpdated',
      data: { order: booked({ reference: 'PO-991' }), state: 'DELIVERED' },
    };
    const s = stateOf([...delivered, paused, correctionCreated(), edited]);
    expect(s.invoicing.held).toBe('INVOICING_PAUSED');
    expect(s.invoicing.corrections.map((c) => [c.id, c.state])).toEqual([['31', 'PENDING']]);
  });
});

describe('order invoicing: ACT (pause, release, exclude, include, invoice)', () => {
  it('pauses a delivered order with its reason, which the fold keeps', () => {
    given(stream, delivered).when(act('pause', 'Customer disputes the price')).then([paused]);
    const s = stateOf([...delivered, paused]);
    expect(s.invoicing.held).toBe('INVOICING_PAUSED');
    expect(s.invoicing.heldReason).toBe('Customer disputes the price');
  });

  it('pauses an order that is not delivered yet, and one whose correction is pending', () => {
    given(stream, planned)
      .when(act('pause', 'Hold'))
      .then([statusSet('pause', 'INVOICING_PAUSED', 'Hold')]);
    given(stream, [...delivered, correctionCreated()])
      .when(act('pause', 'Hold'))
      .then([statusSet('pause', 'INVOICING_PAUSED', 'Hold')]);
  });

  it('releases a paused order: the hold and its reason are dropped and it can be invoiced', () => {
    given(stream, [...delivered, paused])
      .when(act('release', null))
      .then([statusSet('release', null)]);
    const released = [...delivered, paused, statusSet('release', null, 'Settled')];
    const s = stateOf(released);
    expect(s.invoicing.held).toBeNull();
    expect(s.invoicing.heldReason).toBeNull();
    given(stream, released).when(invoice()).then([orderInvoiced]);
  });

  it('refuses to release an order that is not paused', () => {
    given(stream, delivered).when(act('release')).thenRefuses('INVALID_STATE_TRANSITION');
    given(stream, planned).when(act('release')).thenRefuses('INVALID_STATE_TRANSITION');
    given(stream, [...delivered, excluded])
      .when(act('release'))
      .thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('excludes an order to be invoiced, and a paused one', () => {
    given(stream, delivered).when(act('exclude', 'Invoiced by hand')).then([excluded]);
    given(stream, [...delivered, paused])
      .when(act('exclude', 'Invoiced by hand'))
      .then([excluded]);
  });

  it('includes an excluded order again, and refuses to include one that is not excluded', () => {
    given(stream, [...delivered, excluded])
      .when(act('include'))
      .then([statusSet('include', null)]);
    given(stream, [...delivered, excluded, statusSet('include', null)])
      .when(invoice())
      .then([orderInvoiced]);
    given(stream, delivered).when(act('include')).thenRefuses('INVALID_STATE_TRANSITION');
    given(stream, [...delivered, paused])
      .when(act('include'))
      .thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('asking for what already is yields no event: pause a paused order, exclude an excluded one, invoice an invoiced one', () => {
    given(stream, [...delivered, paused])
      .when(act('pause', 'again'))
      .thenNothing();
    given(stream, [...delivered, excluded])
      .when(act('exclude', 'again'))
      .thenNothing();
    given(stream, [...delivered, markedInvoiced])
      .when(act('invoice', 'again'))
      .thenNothing();
    given(stream, [...delivered, orderInvoiced])
      .when(act('invoice', 'again'))
      .thenNothing();
  });

  it('refuses to pause an excluded order (exclude is not undone by a pause)', () => {
    given(stream, [...delivered, excluded])
      .when(act('pause', 'x'))
      .thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('marks an order invoiced outside the product: INVOICED_OK with the reason, invoiced by no run', () => {
    given(stream, delivered)
      .when(act('invoice', 'Invoiced in the old system'))
      .then([markedInvoiced]);
    const s = stateOf([...delivered, recorded(markedInvoiced, '5', AT)]);
    expect(s.invoicing.held).toBe('INVOICED_OK');
    expect(s.invoicing.heldReason).toBe('Invoiced in the old system');
    expect(s.invoicing.invoiced).toEqual({
      runId: null,
      invoiceId: null,
      invoiceNumber: null,
      at: AT,
      price: null,
    });
  });

  it('refuses to mark invoiced an order that is not delivered, or whose correction is pending', () => {
    given(stream, planned).when(act('invoice', 'x')).thenRefuses('INVALID_STATE_TRANSITION');
    given(stream, [...delivered, correctionCreated()])
      .when(act('invoice', 'x'))
      .thenRefuses('INVALID_STATE_TRANSITION');
    given(stream, [...delivered, paused])
      .when(act('invoice', 'x'))
      .thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('the accounting system’s answers: sent, then acknowledged or failed; a failure is retried', () => {
    given(stream, delivered).when(act('send')).then([sent]);
    given(stream, [...delivered, sent])
      .when(act('invoice'))
      .then([statusSet('invoice', 'INVOICED_OK')]);
    given(stream, [...delivered, sent])
      .when(act('fail', 'Rejected by the ledger'))
      .then([failed]);
    given(stream, [...delivered, sent, failed])
      .when(act('retry'))
      .then([statusSet('retry', null)]);
    given(stream, [...delivered, sent, failed])
      .when(act('pause', 'Check the ledger'))
      .then([statusSet('pause', 'INVOICING_PAUSED', 'Check the ledger')]);
  });

  it('S4-STATE-010 refuses to pause, exclude or release an invoiced or awaiting order', () => {
    for (const [, history] of invoicedHistories) {
      for (const action of ['pause', 'exclude', 'release', 'include'] as const)
        given(stream, history).when(act(action, 'x')).thenRefuses('INVALID_STATE_TRANSITION');
    }
  });

  it('nothing leaves INVOICED_OK: every other action is refused', () => {
    const actions = (Object.keys(invoicingTransitions) as InvoicingAction[]).filter(
      (a) => a !== 'invoice',
    );
    expect(actions.length).toBeGreaterThan(5);
    for (const action of actions)
      given(stream, [...delivered, orderInvoiced])
        .when(act(action, 'x'))
        .thenRefuses('INVALID_STATE_TRANSITION');
  });
});

describe('order invoicing: INVOICE (a run takes the order)', () => {
  it('invoices a delivered order: the run, the invoice and the price, and the order is then INVOICED_OK', () => {
    given(stream, delivered).when(invoice()).then([orderInvoiced]);
    const s = stateOf([...delivered, recorded(orderInvoiced, 'system', AT)]);
    expect(s.invoicing.held).toBe('INVOICED_OK');
    expect(s.invoicing.invoiced).toEqual({
      runId: '40',
      invoiceId: '41',
      invoiceNumber: '100041',
      at: AT,
      price,
    });
  });

  it('invoices a returned order (a return is invoiced too)', () => {
    given(stream, [created(), assigned, collected, returnedEvent])
      .when(invoice())
      .then([orderInvoiced]);
  });

  it('refuses an order that is not delivered', () => {
    given(stream, [created()]).when(invoice()).thenRefuses('INVALID_STATE_TRANSITION');
    given(stream, planned).when(invoice()).thenRefuses('INVALID_STATE_TRANSITION');
    given(stream, [...planned, collected])
      .when(invoice())
      .thenRefuses('INVALID_STATE_TRANSITION');
    given(stream, [...planned, collected, deviatedEvent])
      .when(invoice())
      .thenRefuses('INVALID_STATE_TRANSITION');
    given(stream, [...planned, deletedEvent('ASSIGNED')])
      .when(invoice())
      .thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('refuses an order whose correction is pending', () => {
    given(stream, [...delivered, correctionCreated()])
      .when(invoice())
      .thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('refuses a paused, an excluded and a failed order', () => {
    for (const hold of [paused, excluded, failed])
      given(stream, [...delivered, hold])
        .when(invoice())
        .thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('S4-STATE-010 refuses an order that is invoiced already, or awaiting acknowledgement', () => {
    for (const [, history] of invoicedHistories)
      given(stream, history).when(invoice()).thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('CONCURRENCY_CONFLICT when prices were corrected after the order was priced', () => {
    given(stream, [...delivered, pricesCorrected([freightCorrection])])
      .when(invoice(asBooked))
      .thenRefuses('CONCURRENCY_CONFLICT');
  });

  it('CONCURRENCY_CONFLICT when a correction was accepted after the order was priced', () => {
    given(stream, [...delivered, correctionCreated(), correctionAccepted()])
      .when(invoice(asBooked))
      .thenRefuses('CONCURRENCY_CONFLICT');
  });

  it('CONCURRENCY_CONFLICT when the price was computed from values the stream no longer holds', () => {
    const history = [
      ...delivered,
      pricesCorrected([freightCorrection]),
      correctionCreated(),
      correctionAccepted(),
      pricesCorrected([{ ...freightCorrection, customerPrice: 500 }]),
    ];
    given(stream, history)
      .when(invoice({ correctedArticlePrices: [freightCorrection], corrected: values() }))
      .thenRefuses('CONCURRENCY_CONFLICT');
    given(stream, history)
      .when(
        invoice({
          correctedArticlePrices: [{ ...freightCorrection, customerPrice: 500 }],
          corrected: values({ weightKilograms: 40 }),
        }),
      )
      .thenRefuses('CONCURRENCY_CONFLICT');
  });

  it('invoices when the price was computed from what the stream holds, in whatever key order', () => {
    const booking = booked({ correctedArticlePrices: [waitingCorrection] });
    const history = [
      created(booking),
      assigned,
      collected,
      deliveredEvent,
      correctionCreated(),
      correctionAccepted('31', values({ numberOfPackages: 6 })),
    ];
    const pricedOn: Priced = {
      correctedArticlePrices: booking.correctedArticlePrices ?? [],
      corrected: values({ numberOfPackages: 6 }),
    };
    given(stream, history).when(invoice(pricedOn)).then([orderInvoiced]);
    const reordered = {
      corrected: Object.fromEntries(
        Object.entries(values({ numberOfPackages: 6 })).reverse(),
      ) as CorrectionValues,
      correctedArticlePrices: [
        Object.fromEntries(Object.entries(waitingCorrection).reverse()) as ArticlePriceCorrection,
      ],
    };
    given(stream, history).when(invoice(reordered)).then([orderInvoiced]);
    given(stream, history).when(invoice(asBooked)).thenRefuses('CONCURRENCY_CONFLICT');
  });

  it('a rejected correction changes nothing the price depends on', () => {
    given(stream, [...delivered, correctionCreated(), correctionRejected()])
      .when(invoice(asBooked))
      .then([orderInvoiced]);
  });
});

describe('order invoicing: CREATE_CORRECTION', () => {
  it('S3-ENT-054 records the correction with its id, the order id and the packages the order had', () => {
    given(stream, delivered)
      .when({ type: 'CREATE_CORRECTION', id: '31', proposed, comment: 'Measured at the terminal' })
      .then([correctionCreated('31', 4)]);
    const s = stateOf([...delivered, recorded(correctionCreated('31', 4), '9', AT)]);
    expect(s.invoicing.corrections).toEqual([
      {
        id: '31',
        orderId: '7',
        state: 'PENDING',
        existingPackages: 4,
        proposed,
        accepted: null,
        comment: 'Measured at the terminal',
        createdBy: '9',
        createdAt: AT,
        decidedBy: null,
        decidedAt: null,
        decisionComment: null,
      },
    ]);
  });

  it('records the packages of the order as last edited, not as first booked', () => {
    const edited: ConsignmentEvent = {
      type: 'OrderUpdated',
      data: {
        order: booked({
          measurements: [{ weight: 10, length: 40, width: 30, height: 20, quantity: 6 }],
        }),
        state: 'DELIVERED',
      },
    };
    const [event] = stream.decide(createCorrection('33'), stateOf([...delivered, edited]));
    expect(event).toMatchObject({ type: 'OrderCorrectionCreated', data: { existingPackages: 6 } });
  });

  it('a proposal parsed from the command carries the correction values; missing minutes are zero', () => {
    const parsed = createOrderCorrectionSchema.parse({
      orderId: '7',
      numberOfPackages: 5,
      volumeDmq: 80,
      weightKilograms: 41.5,
    });
    const { orderId: _orderId, comment, ...proposal } = parsed;
    given(stream, delivered)
      .when({ type: 'CREATE_CORRECTION', id: '34', proposed: proposal, comment })
      .then([
        {
          type: 'OrderCorrectionCreated',
          data: {
            id: '34',
            existingPackages: 4,
            proposed: values({
              deliveryWaitingTimeInMinutes: 0,
              deliveryLoadingTimeInMinutes: 0,
              pickupLoadingTimeInMinutes: 0,
            }),
            comment: '',
          },
        },
      ]);
  });

  it('takes a correction before delivery (a courier measures at pickup)', () => {
    given(stream, [...planned, collected])
      .when(createCorrection('33'))
      .thenEmits(['OrderCorrectionCreated']);
  });

  it('holds one pending correction at a time; once it is decided another may be made', () => {
    given(stream, [...delivered, correctionCreated()])
      .when(createCorrection('32'))
      .thenRefuses('INVALID_STATE_TRANSITION');
    given(stream, [...delivered, correctionCreated(), correctionAccepted()])
      .when(createCorrection('32'))
      .thenEmits(['OrderCorrectionCreated']);
    given(stream, [...delivered, correctionCreated(), correctionRejected()])
      .when(createCorrection('32'))
      .thenEmits(['OrderCorrectionCreated']);
  });

  it('S4-STATE-010 refuses a correction once the order is invoiced or awaiting acknowledgement', () => {
    for (const [, history] of invoicedHistories)
      given(stream, history).when(createCorrection()).thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('refuses a correction of a deleted order', () => {
    given(stream, [...planned, deletedEvent('ASSIGNED')])
      .when(createCorrection())
      .thenRefuses('INVALID_STATE_TRANSITION');
  });
});

describe('order invoicing: ACCEPT_CORRECTION and REJECT_CORRECTION', () => {
  const pending = [...delivered, correctionCreated()];

  it('NOT_FOUND for a correction the order does not have', () => {
    given(stream, pending).when(accept('99')).thenRefuses('NOT_FOUND');
    given(stream, pending).when(reject('99')).thenRefuses('NOT_FOUND');
    given(stream, delivered).when(accept('31')).thenRefuses('NOT_FOUND');
  });

  it('S4-STATE-022 S4-FLOW-024 S4-FLOW-025 a pending correction is accepted or rejected, with who and when', () => {
    given(stream, pending).when(accept()).then([correctionAccepted()]);
    given(stream, pending).when(reject()).then([correctionRejected()]);

    const later = '2026-11-25T08:00:00.000Z';
    const accepted = stateOf([...pending, recorded(correctionAccepted(), '3', later)]);
    expect(accepted.invoicing.corrections[0]).toMatchObject({
      state: 'ACCEPTED',
      accepted: values(),
      decidedBy: '3',
      decidedAt: later,
      decisionComment: 'OK',
    });
    const rejected = stateOf([...pending, recorded(correctionRejected(), '3', later)]);
    expect(rejected.invoicing.corrections[0]).toMatchObject({
      state: 'REJECTED',
      accepted: null,
      decidedBy: '3',
      decidedAt: later,
      decisionComment: 'The booking was right',
    });
    expect(rejected.invoicing.corrected).toBeNull();
  });

  it('S3-ENT-055 accepts the values of the accept payload, which may differ from the proposal; they become `corrected`', () => {
    const parsed = acceptOrderCorrectionSchema.parse({
      orderId: '7',
      id: '31',
      numberOfPackages: 4,
      volumeDmq: 72.5,
      weightKilograms: 39,
      deliveryWaitingTimeInMinutes: 15,
      comment: 'Weighed again',
    });
    const { orderId: _orderId, id, comment, ...applied } = parsed;
    expect(applied).not.toEqual(proposed);
    given(stream, pending)
      .when({ type: 'ACCEPT_CORRECTION', id, values: applied, comment })
      .then([
        {
          type: 'OrderCorrectionAccepted',
          data: {
            id: '31',
            values: {
              numberOfPackages: 4,
              volumeDmq: 72.5,
              weightKilograms: 39,
              deliveryWaitingTimeInMinutes: 15,
              pickupWaitingTimeInMinutes: 0,
              deliveryLoadingTimeInMinutes: 0,
              pickupLoadingTimeInMinutes: 0,
            },
            comment: 'Weighed again',
          },
        },
      ]);
    const s = stateOf([...pending, correctionAccepted('31', applied)]);
    expect(s.invoicing.corrected).toEqual(applied);
    expect(s.invoicing.corrections[0]!.proposed).toEqual(proposed);
  });

  it('a rejected correction leaves the values of the one accepted before', () => {
    const first = values({ numberOfPackages: 6 });
    const s = stateOf([
      ...delivered,
      correctionCreated('31'),
      correctionAccepted('31', first),
      correctionCreated('32'),
      correctionRejected('32'),
    ]);
    expect(s.invoicing.corrected).toEqual(first);
  });

  it('refuses to decide a correction twice, either way', () => {
    for (const decided of [correctionAccepted(), correctionRejected()]) {
      given(stream, [...pending, decided])
        .when(accept())
        .thenRefuses('INVALID_STATE_TRANSITION');
      given(stream, [...pending, decided])
        .when(reject())
        .thenRefuses('INVALID_STATE_TRANSITION');
    }
  });

  it('a decided correction releases the order to be invoiced', () => {
    given(stream, [...pending, correctionAccepted()])
      .when(invoice({ correctedArticlePrices: [], corrected: values() }))
      .then([orderInvoiced]);
  });
});

describe('order invoicing: CORRECT_PRICES', () => {
  it('S3-ENT-053 replaces the whole list, keeping every field of a price correction, with the reason', () => {
    const parsed = updateOrderPriceCorrectionsSchema.parse({
      orderId: '7',
      correctedArticlePrices: [freightCorrection, waitingCorrection],
      reason: 'Agreed with the customer',
    });
    given(stream, [...delivered, pricesCorrected([waitingCorrection])])
      .when(correctPrices(parsed.correctedArticlePrices))
      .then([pricesCorrected([freightCorrection, waitingCorrection])]);
    const s = stateOf([...delivered, pricesCorrected([freightCorrection, waitingCorrection])]);
    expect(s.correctedArticlePrices).toEqual([freightCorrection, waitingCorrection]);
    expect(s.correctedArticlePrices[0]).toEqual({
      articleCode: 'FREIGHT',
      articleLabel: 'Freight, agreed price',
      customerPrice: 450,
      resourcePrice: 300,
      transportLegIndex: 0,
    });
  });

  it('an empty list drops every correction, also those made at booking', () => {
    const history = [
      created(booked({ correctedArticlePrices: [waitingCorrection] })),
      assigned,
      collected,
      deliveredEvent,
    ];
    expect(stateOf(history).correctedArticlePrices).toEqual([waitingCorrection]);
    given(stream, history)
      .when(correctPrices([]))
      .then([pricesCorrected([])]);
  });

  it('the same list again is no event, whatever the order of its keys', () => {
    const history = [...delivered, pricesCorrected([freightCorrection, waitingCorrection])];
    given(stream, history)
      .when(correctPrices([freightCorrection, waitingCorrection]))
      .thenNothing();
    const reversed = (c: ArticlePriceCorrection) =>
      Object.fromEntries(Object.entries(c).reverse()) as ArticlePriceCorrection;
    expect(Object.keys(reversed(freightCorrection))[0]).toBe('transportLegIndex');
    given(stream, history)
      .when(correctPrices([reversed(freightCorrection), reversed(waitingCorrection)]))
      .thenNothing();
    given(stream, delivered).when(correctPrices([])).thenNothing();
  });

  it('a changed price is an event', () => {
    given(stream, [...delivered, pricesCorrected([freightCorrection])])
      .when(correctPrices([{ ...freightCorrection, customerPrice: 460 }]))
      .thenEmits(['OrderPricesCorrected']);
  });

  it('S4-STATE-010 refuses once the order is invoiced or awaiting acknowledgement: its prices are final', () => {
    for (const [, history] of invoicedHistories)
      given(stream, history)
        .when(correctPrices([freightCorrection]))
        .thenRefuses('INVALID_STATE_TRANSITION');
  });

  it('a corrected price is what the next invoicing must have priced on', () => {
    const history = [...delivered, pricesCorrected([freightCorrection])];
    given(stream, history)
      .when(invoice({ correctedArticlePrices: [freightCorrection], corrected: null }))
      .then([orderInvoiced]);
  });

  it('a pre-advice SMS sent after the run priced the order refuses it; priced with it, invoices', () => {
    const sms = (vasCode: string | null) =>
      ({
        type: 'PreAdviceOutcomeRecorded',
        data: {
          orderId: '7',
          key: 'BOOKED',
          cause: 'BOOKED',
          outcome: 'SMS_SENT',
          policyId: '3',
          vasCode,
        },
      }) as unknown as StreamEvent;
    const history = [
      created(),
      sms('1091'),
      sms(null),
      assigned,
      collected,
      sms('1091'),
      deliveredEvent,
    ];
    given(stream, history).when(invoice(asBooked)).thenRefuses('CONCURRENCY_CONFLICT');
    given(stream, history)
      .when(invoice({ ...asBooked, smsSent: [{ vasCode: '1091', count: 1 }] }))
      .thenRefuses('CONCURRENCY_CONFLICT');
    given(stream, history)
      .when(invoice({ ...asBooked, smsSent: [{ vasCode: '1091', count: 2 }] }))
      .then([orderInvoiced]);
  });
});

describe('order invoicing: any sequence of commands', () => {
  type Booked = ReturnType<typeof stateOf>;
  type MakeCommand = (s: Booked) => OrderInvoicingCommand;
  const commandArb: fc.Arbitrary<MakeCommand> = fc.oneof(
    fc.constantFrom(...(Object.keys(invoicingTransitions) as InvoicingAction[])).map(
      (action): MakeCommand =>
        () =>
          act(action, 'why'),
    ),
    // A run that priced the order as it is now, or before its corrections.
    fc.boolean().map(
      (fresh): MakeCommand =>
        (s) =>
          invoice(
            fresh
              ? {
                  correctedArticlePrices: s.correctedArticlePrices,
                  corrected: s.invoicing.corrected,
                }
              : asBooked,
          ),
    ),
    fc.integer({ min: 1, max: 4 }).map(
      (n): MakeCommand =>
        () =>
          createCorrection(String(n)),
    ),
    fc.record({ n: fc.integer({ min: 1, max: 4 }), yes: fc.boolean(), packages: fc.nat(9) }).map(
      ({ n, yes, packages }): MakeCommand =>
        () =>
          yes ? accept(String(n), values({ numberOfPackages: packages })) : reject(String(n)),
    ),
    fc
      .constantFrom<ArticlePriceCorrection[]>(
        [],
        [freightCorrection],
        [freightCorrection, waitingCorrection],
      )
      .map(
        (list): MakeCommand =>
          () =>
            correctPrices(list),
      ),
  );

  it('an invoiced order stays invoiced: invoiced once, at one price, and never corrected after', () => {
    let reached = 0;
    fc.assert(
      fc.property(fc.array(commandArb, { maxLength: 25 }), (commands) => {
        const history: StreamEvent[] = [...delivered];
        let invoiced = false;
        for (const make of commands) {
          const before = stateOf(history);
          let events: InvoicingEvent[];
          try {
            events = orderInvoicingDecider.decide(make(before), before);
          } catch (e) {
            expect(e).toBeInstanceOf(AppError);
            continue;
          }
          history.push(...events);
          const after = stateOf(history);
          expect(
            after.invoicing.corrections.filter((c) => c.state === 'PENDING').length,
          ).toBeLessThanOrEqual(1);
          if (!invoiced) {
            invoiced = after.invoicing.held === 'INVOICED_OK';
            if (invoiced) reached++;
            continue;
          }
          // Nothing leaves INVOICED_OK, and nothing it was invoiced on changes.
          expect(after.invoicing.held).toBe('INVOICED_OK');
          expect(after.invoicing.invoiced).toEqual(before.invoicing.invoiced);
          expect(after.correctedArticlePrices).toEqual(before.correctedArticlePrices);
          expect(after.invoicing.corrected).toEqual(before.invoicing.corrected);
          expect(events.map((e) => e.type)).not.toContain('OrderCorrectionCreated');
        }
        expect(history.filter((e) => e.type === 'OrderInvoiced').length).toBeLessThanOrEqual(1);
      }),
      { numRuns: 500 },
    );
    // Not vacuous: many of the sequences do invoice the order.
    expect(reached).toBeGreaterThan(100);
  });
});
