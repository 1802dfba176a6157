import { describe, expect, it } from '@jest/globals';
import fc from 'fast-check';
import {
  afterInvoicingAction,
  derivedStatus,
  effectiveStatus,
  heldStatuses,
  invoicingStatuses,
  invoicingTransitions,
  isInvoiced,
  isInvoicingStatus,
  manualStatuses,
  type InvoicingAction,
  type InvoicingFacts,
  type InvoicingStatus,
} from './status.js';

const ready: InvoicingFacts = {
  delivered: true,
  priceIncomplete: false,
  zeroPrice: false,
  zeroPriceApproved: false,
  correctionPending: false,
};
const actions = Object.keys(invoicingTransitions) as InvoicingAction[];

describe('invoicing statuses', () => {
  it('S4-STATE-009: the nine statuses of the spec, and nothing else is one', () => {
    expect([...invoicingStatuses].sort()).toEqual(
      [
        'TO_BE_INVOICED',
        'INVOICING_FAILED',
        'CORRECTION_PENDING',
        'INVOICING_PAUSED',
        'EXCLUDED_FROM_INVOICING',
        'NOT_READY_FOR_INVOICING',
        'INVOICED_OK',
        'ZERO_PRICE',
        'AWAITING_ACKNOWLEDGEMENT',
      ].sort(),
    );
    expect(isInvoicingStatus('INVOICED')).toBe(false);
  });

  it('S4-STATE-010: INVOICED_OK and AWAITING_ACKNOWLEDGEMENT count as invoiced, no other status', () => {
    expect(invoicingStatuses.filter(isInvoiced).sort()).toEqual([
      'AWAITING_ACKNOWLEDGEMENT',
      'INVOICED_OK',
    ]);
  });

  it('a delivered order is to be invoiced unless something holds it, with the reason', () => {
    expect(derivedStatus({ ...ready, delivered: false })).toEqual({
      status: 'NOT_READY_FOR_INVOICING',
      reason: 'NOT_DELIVERED',
    });
    expect(derivedStatus({ ...ready, priceIncomplete: true })).toEqual({
      status: 'NOT_READY_FOR_INVOICING',
      reason: 'MISSING_PRICE',
    });
    expect(derivedStatus({ ...ready, zeroPrice: true })).toEqual({
      status: 'ZERO_PRICE',
      reason: 'ZERO_PRICE_AWAITING_APPROVAL',
    });
    expect(derivedStatus({ ...ready, zeroPrice: true, zeroPriceApproved: true }).status).toBe(
      'TO_BE_INVOICED',
    );
    expect(derivedStatus({ ...ready, correctionPending: true, priceIncomplete: true })).toEqual({
      status: 'CORRECTION_PENDING',
      reason: 'CORRECTION_PENDING',
    });
    expect(derivedStatus(ready)).toEqual({ status: 'TO_BE_INVOICED', reason: null });
  });

  it('pause holds an order that is not invoiced; release lets it follow its facts again', () => {
    const paused = afterInvoicingAction('pause', null, ready);
    expect(paused).toEqual({ held: 'INVOICING_PAUSED' });
    expect(effectiveStatus(paused!.held, ready).status).toBe('INVOICING_PAUSED');
    const released = afterInvoicingAction('release', paused!.held, {
      ...ready,
      priceIncomplete: true,
    });
    expect(effectiveStatus(released!.held, { ...ready, priceIncomplete: true }).status).toBe(
      'NOT_READY_FOR_INVOICING',
    );
    expect(afterInvoicingAction('pause', 'INVOICED_OK', ready)).toBeNull();
    expect(afterInvoicingAction('pause', 'AWAITING_ACKNOWLEDGEMENT', ready)).toBeNull();
    expect(afterInvoicingAction('release', null, ready)).toBeNull();
  });

  it('a manual status is one of the table’s moves', () => {
    for (const [status, action] of Object.entries(manualStatuses))
      expect(invoicingTransitions[action].to).toBe(status);
  });

  it('every status can be reached, and held statuses are exactly the targets of the table', () => {
    const facts = (s: InvoicingStatus): InvoicingFacts =>
      s === 'NOT_READY_FOR_INVOICING'
        ? { ...ready, priceIncomplete: true }
        : s === 'ZERO_PRICE'
          ? { ...ready, zeroPrice: true }
          : s === 'CORRECTION_PENDING'
            ? { ...ready, correctionPending: true }
            : ready;
    const reached = new Set<InvoicingStatus>();
    for (const s of invoicingStatuses) {
      const held = heldStatuses.includes(s) ? s : null;
      reached.add(effectiveStatus(held, facts(s)).status);
    }
    expect([...reached].sort()).toEqual([...invoicingStatuses].sort());
    const targets = new Set(
      Object.values(invoicingTransitions)
        .map((t) => t.to)
        .filter((t) => t !== 'facts'),
    );
    expect([...targets].sort()).toEqual([...heldStatuses].sort());
  });

  it('property: an invoiced order stays invoiced whatever is done to it, and nothing leaves it but the accounting system’s answer', () => {
    const status = fc.constantFrom(...heldStatuses, null);
    const factsArb = fc.record({
      delivered: fc.boolean(),
      priceIncomplete: fc.boolean(),
      zeroPrice: fc.boolean(),
      zeroPriceApproved: fc.boolean(),
      correctionPending: fc.boolean(),
    });
    fc.assert(
      fc.property(
        status,
        factsArb,
        fc.array(fc.constantFrom(...actions), { maxLength: 12 }),
        (start, facts, steps) => {
          let held = start;
          for (const action of steps) {
            const before = effectiveStatus(held, facts).status;
            const next = afterInvoicingAction(action, held, facts);
            if (!next) continue;
            held = next.held;
            const after = effectiveStatus(held, facts).status;
            if (before === 'INVOICED_OK') expect(after).toBe('INVOICED_OK');
            if (before === 'AWAITING_ACKNOWLEDGEMENT' && after !== before)
              expect(['invoice', 'fail']).toContain(action);
          }
        },
      ),
      { numRuns: 500, seed: 20261125 },
    );
  });
});
