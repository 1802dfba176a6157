import { afterAll, beforeAll, describe, expect, it } from '@jest/globals';
import { freshPhone, type TestSystem } from '../support/system.js';
import { recipient, startPreAdviceWorld, type Row } from './world.js';

/**
 * A sent pre-advice SMS on the order's price (docs/decisions/0062 addendum "the SMS on the
 * invoice"): each sent SMS is a unit of the policy's vas code (1091 by default), priced by the
 * list's line for the article of that code, in `orderPrice` as in an invoicing run (both price
 * with `invoicingBasis`); a message that was not sent is not charged.
 */
describe('pre-advice SMS invoiced', () => {
  let w: Awaited<ReturnType<typeof startPreAdviceWorld>>;
  let sys: TestSystem;
  const ok = async (name: string, payload: Row) => {
    const res = await sys.command(name, payload);
    expect(res.status).toBe(200);
    return res.body as Row;
  };
  const priceOf = async (orderId: string) => {
    const res = await sys.query('orderPrice', { orderId });
    expect(res.status).toBe(200);
    return res.body as Row;
  };

  beforeAll(async () => {
    w = await startPreAdviceWorld();
    sys = w.sys;
    await ok('CREATE_ARTICLE', {
      code: 'FREIGHT',
      label: 'Frakt',
      kind: 'FREIGHT',
      group: 'TRANSPORT',
    });
    await ok('CREATE_ARTICLE', {
      code: 'SMS',
      label: 'SMS-varsel',
      kind: 'SERVICE',
      vasCode: '1091',
      group: 'TRANSPORT',
    });
    await ok('CREATE_PRICE_LIST', {
      name: 'Oslo',
      departmentId: '1',
      currency: 'NOK',
      validFrom: '2026-01-01',
      lines: [
        { articleCode: 'FREIGHT', customerPrice: 19_900, resourcePrice: 12_000 },
        { articleCode: 'SMS', per: 'UNIT', customerPrice: 150 },
      ],
    });
  }, 90_000);
  afterAll(async () => sys?.shutdown());

  it('S9-CONST-018 a sent SMS is a line of vas 1091 on the order price; an order whose message could not go has none', async () => {
    const phone = freshPhone();
    const sent = await w.book(recipient(phone));
    const unsent = await w.book(recipient(''));
    await w.pass();
    expect(await w.outcomes(sent)).toContain('BOOKED SMS_SENT');
    expect(await w.outcomes(unsent)).toContain('BOOKED NO_VALID_PHONE_OR_EMAIL');

    const charged = await priceOf(sent);
    expect(charged.errors).toEqual([]);
    expect(charged.lines.map((l: Row) => [l.articleCode, l.quantity, l.customerAmount])).toEqual([
      ['FREIGHT', 1, 19_900],
      ['SMS', 1, 150],
    ]);
    expect(charged.customerNet).toBe(20_050);
    const row = ((await sys.query('orders', { ids: [sent] })).body as Row[])[0]!;
    expect(row.invoicing.smsSent).toEqual([{ vasCode: '1091', count: 1 }]);

    const free = await priceOf(unsent);
    expect(free.lines.map((l: Row) => l.articleCode)).toEqual(['FREIGHT']);
    expect(free.customerNet).toBe(19_900);
  });
});
