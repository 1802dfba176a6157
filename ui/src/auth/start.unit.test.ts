import { describe, expect, it } from '@jest/globals';
import type { AuthUser } from '@nordlog/contracts';
import { afterLogin, decideStart, safeRedirect, startFailureRedirect, startPage } from './start';

const user = (over: Partial<AuthUser> = {}): AuthUser => ({
  id: '1',
  name: 'P',
  phoneNumber: '+4740000002',
  email: 'p@example.com',
  role: 'PLANNER',
  access: ['PLANNER_SHIPMENTS'],
  departmentIds: ['1'],
  customerId: null,
  courierId: null,
  requiresEmail: false,
  requiresPwd: false,
  hasPassword: false,
  csrfToken: 'x',
  ...over,
});
const config = { customerPortalUrl: 'https://portal.example.com' };
const decide = (path: string, search = '', u: AuthUser | null = null) =>
  decideStart(path, search, u, config);

describe('start-up routing (spec §2)', () => {
  it('S2-AUTH-003 S2-AUTH-004: /auth/ and /open/ pages never redirect to the login', () => {
    expect(decide('/auth/request-password')).toEqual({ kind: 'public' });
    expect(decide('/auth/set-password/abc')).toEqual({ kind: 'public' });
    expect(decide('/open/anything')).toEqual({ kind: 'public' });
    expect(decide('/login')).toEqual({ kind: 'public' });
    expect(decide('/')).toEqual({ kind: 'public' });
  });

  it('S2-AUTH-005 S2-AUTH-006: other pages go to the root with the redirect-to parameter', () => {
    expect(decide('/admin/jobs', '?x=1')).toEqual({
      kind: 'redirect',
      to: '/?redirectTo=%2Fadmin%2Fjobs%3Fx%3D1',
    });
    expect(decide('/planner/1/shipments')).toEqual({
      kind: 'redirect',
      to: '/?redirectTo=%2Fplanner%2F1%2Fshipments',
    });
  });

  it('S2-AUTH-007: a user who must give an e-mail goes to /auth/set-email, keeping the target', () => {
    expect(decide('/planner/1/live', '', user({ requiresEmail: true }))).toEqual({
      kind: 'redirect',
      to: '/auth/set-email?redirectTo=%2Fplanner%2F1%2Flive',
    });
    expect(decide('/auth/set-email', '', user({ requiresEmail: true }))).toEqual({
      kind: 'public',
    });
  });

  it('S2-AUTH-008: a user who must log in with a password gets the password page, or sets one first', () => {
    expect(decide('/planner', '', user({ requiresPwd: true, hasPassword: true }))).toEqual({
      kind: 'redirect',
      to: '/login?redirectTo=%2Fplanner',
    });
    expect(decide('/planner', '', user({ requiresPwd: true, hasPassword: false }))).toEqual({
      kind: 'redirect',
      to: '/auth/request-password?redirectTo=%2Fplanner',
    });
  });

  it('S1-GEN-028 S6-ROLE-024: a customer user goes to the customer portal unless on a customer path', () => {
    const customer = user({ role: 'CUSTOMER', customerId: '5' });
    expect(decide('/planner/1/shipments', '', customer)).toEqual({
      kind: 'redirect',
      to: config.customerPortalUrl,
      external: true,
    });
    expect(decide('/track/ABC', '', customer)).toEqual({ kind: 'public' });
    // No external portal configured: the product's own (docs/decisions/0074), where it stays.
    const own = { customerPortalUrl: null };
    expect(decideStart('/planner', '', customer, own)).toEqual({
      kind: 'redirect',
      to: '/customer/shipments',
    });
    expect(decideStart('/', '', customer, own)).toEqual({
      kind: 'redirect',
      to: '/customer/shipments',
    });
    expect(decideStart('/customer/invoices', '', customer, own)).toEqual({ kind: 'app' });
    expect(decideStart('/customer/booking/create', '', customer, own)).toEqual({ kind: 'app' });
  });

  it("S2-REDIR-001: without an external portal, /customer/* is the product's portal and needs a login", () => {
    const own = { customerPortalUrl: null };
    expect(decideStart('/customer/shipments', '', null, own)).toEqual({
      kind: 'redirect',
      to: '/?redirectTo=%2Fcustomer%2Fshipments',
    });
    expect(afterLogin('?redirectTo=%2Fcustomer%2Fshipments', user({ role: 'CUSTOMER' }))).toBe(
      '/customer/shipments',
    );
    expect(startPage({ role: 'CUSTOMER', access: [] })).toBe('/customer/shipments');
  });

  it('S2-REDIR-001 S2-REDIR-002 S2-REDIR-003 S2-REDIR-004: the fixed redirects', () => {
    expect(decide('/customer/anything')).toEqual({
      kind: 'redirect',
      to: config.customerPortalUrl,
      external: true,
    });
    expect(decide('/tracking/ABC')).toEqual({ kind: 'redirect', to: '/track/ABC' });
    expect(decide('/tracking/ABC/flex/2')).toEqual({ kind: 'redirect', to: '/track/ABC' });
    expect(decide('/tracking/ABC/flex')).toEqual({ kind: 'redirect', to: '/track/ABC' });
    expect(decide('/report')).toEqual({ kind: 'redirect', to: '/' });
  });

  it('S2-REDIR-008: an admin without department access starts on the users page', () => {
    expect(startPage({ role: 'ADMIN', access: ['ADMIN_USERS'] })).toBe('/admin/users');
    expect(startPage({ role: 'ADMIN', access: ['ADMIN_USERS', 'ADMIN_DEPARTMENT'] })).toBe(
      '/admin/departments',
    );
    expect(startPage({ role: 'PLANNER', access: [] })).toBe('/planner');
  });

  it('a courier starts on its own page, not on the planner department choice', () => {
    expect(startPage({ role: 'COURIER', access: [] })).toBe('/courier');
  });

  it('after login the redirect-to parameter wins, but only for paths of this site', () => {
    expect(decide('/', '?redirectTo=%2Fplanner%2F2', user())).toEqual({
      kind: 'redirect',
      to: '/planner/2',
    });
    expect(decide('/', '?redirectTo=https%3A%2F%2Fevil.example', user())).toEqual({
      kind: 'redirect',
      to: '/planner',
    });
    expect(safeRedirect('//evil.example')).toBeNull();
    expect(decide('/planner/1/shipments', '', user())).toEqual({ kind: 'app' });
  });

  it('S7-CALL-024: a start-up failure on a customer path goes to the URL of the error body', () => {
    expect(startFailureRedirect('/customer/shipments', { url: 'https://help.example.com/x' })).toBe(
      'https://help.example.com/x',
    );
    expect(startFailureRedirect('/customer', { url: '/open/customer-portal' })).toBe(
      '/open/customer-portal',
    );
    expect(startFailureRedirect('/planner/1', { url: 'https://help.example.com' })).toBeNull();
    expect(startFailureRedirect('/customer/x', { url: 'javascript:alert(1)' })).toBeNull();
    expect(startFailureRedirect('/customer/x', { url: '//evil.example.com' })).toBeNull();
    expect(startFailureRedirect('/customer/x', [{ errorType: 'X' }])).toBeNull();
  });
});
