import { describe, expect, it } from '@jest/globals';
import type { AddressBlock } from '../consignments/orderParts.js';
import {
  RECIPIENT_SEARCH_LIMIT,
  recipientCriterion,
  recipientsFound,
  searchRecipientIdSchema,
  type RecipientCandidate,
} from './recipientSearch.js';

const kari = {
  name: 'Kari Nordmann',
  address: 'Bogstadveien 10',
  zipCode: '0355',
  zipArea: 'Oslo',
  phone: '+4791234567',
  email: 'kari@example.no',
} as AddressBlock;
const candidate = (
  source: RecipientCandidate['source'],
  id: string,
  block: Partial<AddressBlock> = {},
  updatedAtEpoch = 1,
): RecipientCandidate => ({
  source,
  id,
  departmentId: '5',
  customerId: '1',
  block: { ...kari, ...block },
  updatedAtEpoch,
});
const search = (payload: Record<string, unknown>) =>
  searchRecipientIdSchema.parse({ customerId: '1', ...payload });

describe('SEARCH_RECIPIENT_ID (0089)', () => {
  it('needs a criterion, eight digits of a phone, a whole e-mail, three letters of a name', () => {
    const issues = (payload: Record<string, unknown>) => {
      const res = searchRecipientIdSchema.safeParse({ customerId: '1', ...payload });
      return res.success ? [] : res.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    };
    expect(issues({})).toEqual(['phone validation.required']);
    expect(issues({ phone: '12 34' })).toEqual(['phone validation.phone']);
    expect(issues({ email: 'kari@' })).toEqual(['email validation.email']);
    expect(issues({ name: 'ka' })).toEqual(['name validation.invalid']);
    expect(issues({ phone: '912 34 567', email: 'KARI@example.no', name: 'Kari' })).toEqual([]);
  });

  it('matches every criterion given: the phone with or without its country code, the e-mail in any case', () => {
    const all = [
      candidate('ORDER', '10', {}, 3),
      candidate('ORDER', '11', { phone: '+4799999999' }, 2),
      candidate('ORDER', '12', { name: 'Ola Hansen', address: 'Storgata 1' }, 1),
    ];
    const ids = (payload: Record<string, unknown>) =>
      recipientsFound(all, search(payload)).map((r) => r.recipientId);
    expect(ids({ phone: '91 23 45 67' })).toEqual(['10', '12']);
    expect(ids({ phone: '+47 912 34 567', name: 'nordmann' })).toEqual(['10']);
    expect(ids({ email: 'KARI@EXAMPLE.NO' })).toEqual(['10', '11', '12']);
    expect(ids({ name: 'hansen' })).toEqual(['12']);
  });

  it('answers a saved address first, one answer for the same recipient, its latest order beside it', () => {
    const found = recipientsFound(
      [
        candidate('ORDER', '20', {}, 5),
        candidate('ADDRESS_BOOK', '7', {}, 1),
        candidate('ORDER', '21', { address: 'Bryggen 5' }, 9),
        candidate('ORDER', '22', {}, 2),
      ],
      search({ name: 'kari' }),
    );
    expect(found.map((r) => [r.recipientId, r.addressId, r.orderId])).toEqual([
      ['7', '7', '20'],
      ['21', null, '21'],
    ]);
    const many = Array.from({ length: 30 }, (_, i) =>
      candidate('ORDER', String(100 + i), { address: `Gate ${i}` }),
    );
    expect(recipientsFound(many, search({ name: 'kari' }))).toHaveLength(RECIPIENT_SEARCH_LIMIT);
  });

  it('reads what the user typed as an e-mail, a phone or a name', () => {
    expect(recipientCriterion(' kari@example.no ')).toEqual({ email: 'kari@example.no' });
    expect(recipientCriterion('+47 912-34 567')).toEqual({ phone: '+47 912-34 567' });
    expect(recipientCriterion('Kari Nordmann')).toEqual({ name: 'Kari Nordmann' });
  });
});
