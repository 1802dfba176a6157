import { describe, expect, it } from '@jest/globals';
import { opensOnPortal } from './portalQueries';

describe('the portal reads asked for at start-up', () => {
  const customer = { role: 'CUSTOMER', customerId: '7' };

  it('asks when a customer user opens the app on a portal page, and not elsewhere', () => {
    expect(opensOnPortal('/customer', customer)).toBe(true);
    expect(opensOnPortal('/customer/shipments', customer)).toBe(true);
    expect(opensOnPortal('/customers', customer)).toBe(false);
    expect(opensOnPortal('/planner/1/shipments', customer)).toBe(false);
    expect(opensOnPortal('/customer/shipments', { role: 'ADMIN', customerId: null })).toBe(false);
    expect(opensOnPortal('/customer/shipments', { role: 'CUSTOMER', customerId: null })).toBe(
      false,
    );
  });
});
