import { expect } from '@jest/globals';
import { demoUsers, seedDemoData, seedDemoUsers } from '@nordlog/deploy';
import { silentLogger } from '@nordlog/platform';
import { startTestSystem, type Session, type TestSystem } from './system.js';

/**
 * The demo day on a test system: the demo data (`ordersPerDepartment` orders a department) and
 * the demo users, with Oslo's first slot driven by the demo courier. What the live view, the
 * tracking page and their tests start from.
 */
export interface DemoDay {
  sys: TestSystem;
  planner: Session;
  courier: Session;
  courierId: string;
  /** Oslo's first slot: under way, driven by the demo courier. */
  driven: string;
  /** The demo courier reports a position (at `at`, now by default); 200 expected. */
  report(latitude: number, longitude: number, at?: Date): Promise<void>;
}

export const OSLO = '1';

export async function startDemoDay(
  options: { env?: Record<string, string>; ordersPerDepartment?: number } = {},
): Promise<DemoDay> {
  const sys = await startTestSystem(options.env ? { env: options.env } : {});
  const run = (name: string, payload: unknown) => sys.run(name, payload);
  const plan = await seedDemoData(run, silentLogger(), options.ordersPerDepartment ?? 30);
  await seedDemoUsers(run, silentLogger(), plan);
  const phoneOf = (role: string) => demoUsers.find((u) => u.role === role)!.phoneNumber;
  const planner = await sys.signIn(phoneOf('PLANNER'));
  const courier = await sys.signIn(phoneOf('COURIER'));
  const courierId = String((await sys.as(courier).get('/auth/user')).body.courierId);
  return {
    sys,
    planner,
    courier,
    courierId,
    driven: plan.get(OSLO)![0]!,
    report: async (latitude, longitude, at = new Date()) => {
      const res = await sys.as(courier).command('SET_COURIER_LOCATION', {
        courierId,
        latitude,
        longitude,
        accuracy: 10,
        timestamp: at.toISOString(),
      });
      expect(res.status).toBe(200);
    },
  };
}
