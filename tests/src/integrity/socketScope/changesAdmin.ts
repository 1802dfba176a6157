import { freshPhone, type TestSystem } from '../../support/system.js';
import { DATE, type World } from './world.js';

/** Customers, departments, groups, a role, a holiday, a job, CMS content. */
export async function changeAdmin(sys: TestSystem, world: World): Promise<void> {
  const { oslo, bergen, mine, theirs } = world;
  await sys.command('UPDATE_CUSTOMER', { id: mine, alystraId: 'K-1' });
  await sys.command('CREATE_CUSTOMER', { name: 'Nowhere AS' });
  await sys.command('UPDATE_DEPARTMENT', { id: bergen, alystraId: 'B-1' });
  await sys.command('CREATE_DEPARTMENT_GROUP', { name: 'Both', departmentIds: [oslo, bergen] });
  await sys.command('CREATE_DEPARTMENT_GROUP', { name: 'Bergen', departmentIds: [bergen] });
  await sys.command('CREATE_CUSTOMER_GROUP', { name: 'All', customerIds: [mine, theirs] });
  await sys.command('CREATE_ROLE', { name: 'Night shift', access: ['PLANNER_LIVE'] });
  await sys.command('CREATE_HOLIDAY', { country: 'NO', type: 'NO_PICKUP', date: DATE });
  await sys.command('DISABLE_JOB', { job: 'RETENTION' });
  const content = {
    title: { en: 'Roads closed' },
    body: { en: 'Expect delays.' },
    targetRoles: ['PLANNER'],
    state: 'PUBLISHED',
  };
  await sys.command('CREATE_BANNER', content);
  await sys.command('CREATE_NEWS', content);
  await sys.command('CREATE_WHATS_THIS_MODAL', { ...content, screen: '/admin/holidays' });
}

/** Users of one department, of the other and of both; number series. */
export async function changeUsersAndSeries(sys: TestSystem, world: World): Promise<void> {
  const { oslo, bergen, mine } = world;
  for (const departmentIds of [[oslo], [bergen], [oslo, bergen]])
    await sys.command('CREATE_USER', {
      name: `Colleague ${departmentIds.join('+')}`,
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds,
    });
  await sys.command('CREATE_NUMBER_SERIES', {
    type: 'GSIN',
    companyPrefix: '7090002',
    firstSerial: 1,
    lastSerial: 99,
    departmentId: bergen,
  });
  await sys.command('CREATE_NUMBER_SERIES', {
    type: 'GSIN',
    companyPrefix: '7090003',
    firstSerial: 1,
    lastSerial: 99,
    departmentId: oslo,
    customerId: mine,
  });
}
