import 'fake-indexeddb/auto';
import { describe, expect, it } from '@jest/globals';
import type { AuthUser, RoutePoint } from '@nordlog/contracts';
import { HttpFailure } from '../../errors/parse';
import {
  copyShown,
  forgetOfflineCopies,
  offlineSession,
  rememberCourierSession,
  withOfflineCopy,
} from './copies';
import { pendingStops, withPending } from './pending';
import type { Report } from './queue';

const noNetwork = () => Promise.reject(new TypeError('Failed to fetch'));
const courier: AuthUser = {
  id: 'u1',
  name: 'Ola Bud',
  phoneNumber: '+4790000000',
  email: null,
  role: 'COURIER',
  access: [],
  departmentIds: ['d1'],
  customerId: null,
  courierId: 'u1',
  requiresEmail: false,
  requiresPwd: false,
  hasPassword: false,
  csrfToken: 'secret',
};

describe('what the courier page keeps on the phone (0072)', () => {
  it('a read with no answer shows the copy kept last, and says since when; an HTTP answer is the server’s word', async () => {
    expect(await withOfflineCopy('u1:route', () => Promise.resolve(['stop 1']))).toEqual([
      'stop 1',
    ]);
    expect(copyShown()).toBeNull();
    expect(await withOfflineCopy('u1:route', noNetwork)).toEqual(['stop 1']);
    expect(copyShown()).toMatch(/^\d{4}-\d\d-\d\dT/);
    const refused = new HttpFailure(403, [{ errorType: 'NO_ACCESS' }], null);
    await expect(withOfflineCopy('u1:route', () => Promise.reject(refused))).rejects.toBe(refused);
    await expect(withOfflineCopy('u1:never', noNetwork)).rejects.toThrow('Failed to fetch');
    await withOfflineCopy('u1:route', () => Promise.resolve(['stop 1', 'stop 2']));
    expect(copyShown()).toBeNull();
  });

  it('the session starts a courier page offline, without its CSRF token; nothing else, and not after a log-out', async () => {
    await rememberCourierSession(courier);
    const offline = new TypeError('Failed to fetch');
    expect(await offlineSession('/courier', offline)).toEqual({ ...courier, csrfToken: '' });
    await expect(offlineSession('/planner/d1/shipments', offline)).rejects.toBe(offline);
    const loggedOut = new HttpFailure(401, [], null);
    await expect(offlineSession('/courier', loggedOut)).rejects.toBe(loggedOut);
    await forgetOfflineCopies();
    await expect(offlineSession('/courier', offline)).rejects.toBe(offline);
    await rememberCourierSession({ ...courier, role: 'PLANNER' });
    await expect(offlineSession('/courier', offline)).rejects.toBe(offline);
  });

  it('stops done by reports that wait show as done, so the delivery after a pickup made offline is offered', () => {
    const report = (name: Report['name'], payload: unknown) =>
      ({ id: 1, userId: 'u1', commandId: 'c', name, payload, subject: '', madeAt: '' }) as Report;
    const pending = pendingStops([
      report('MANUAL_COLLECT', { consignmentIds: ['o1'] }),
      report('CREATE_DEVIATION', { orderId: 'o2', reason: 'OTHER' }),
      report('ADD_SCANNED_EVENTS', { slotId: 's', scans: [] }),
    ]);
    expect([...pending].sort()).toEqual(['o1:pickup', 'o2:delivery']);
    const point = (consignmentId: string, type: string) =>
      ({ key: `${consignmentId}:${type}`, consignmentId, type, done: false }) as RoutePoint;
    const shown = withPending([point('o1', 'pickup'), point('o1', 'delivery')], pending);
    expect(shown.map((p) => p.done)).toEqual([true, false]);
  });
});
