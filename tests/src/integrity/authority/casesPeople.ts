import { accessFlags, type CommandName } from '@nordlog/contracts';
import { freshPhone } from '../../support/system.js';
import { hook, policy, type AdminCase } from './world.js';

/** The admin cases (see the test) of departments, customers, users, roles, groups, holidays and number series, and of pre-advice and webhooks. */
export const peopleCases = {
  CREATE_DEPARTMENT: {
    outside: [() => ({ name: 'New', departmentType: 'courier', country: 'NO' })],
    inside: null,
  },
  // A department's policy is its admin's; a customer group's spans departments (0062).
  CREATE_PRE_ADVICE_POLICY: {
    outside: [
      (w) => policy({ departmentId: w.oslo }),
      (w) => policy({ customerId: w.osloCustomer }),
      (w) => policy({ customerGroupId: w.customerGroup }),
    ],
    inside: (w) => policy({ departmentId: w.bergen }),
  },
  DELETE_PRE_ADVICE_POLICY: {
    outside: [(w) => ({ id: w.osloPolicy })],
    inside: (w) => ({ id: w.bergenPolicy }),
  },
  // Webhooks (docs/decisions/0070): a customer's, kept by who administers the customer.
  CREATE_WEBHOOK: {
    outside: [(w) => hook(w.osloCustomer)],
    inside: (w) => hook(w.bergenCustomer),
  },
  UPDATE_WEBHOOK: {
    outside: [(w) => ({ id: w.osloHook, enabled: false })],
    inside: (w) => ({ id: w.bergenHook, enabled: false }),
  },
  ROTATE_WEBHOOK_SECRET: {
    outside: [(w) => ({ id: w.osloHook })],
    inside: (w) => ({ id: w.bergenHook }),
  },
  DELETE_WEBHOOK: {
    outside: [(w) => ({ id: w.osloHook })],
    inside: (w) => ({ id: w.bergenHook2 }),
  },
  REPLAY_WEBHOOK_MESSAGE: {
    outside: [
      (w) => ({ webhookId: w.osloHook, messageId: w.osloMessage }),
      // Another hook's message named on the admin's own hook: not found, as reading it (0070).
      (w) => ({ webhookId: w.bergenHook, messageId: w.osloMessage }),
      (w) => ({ webhookId: w.bergenHook, messageId: '00000000-0000-4000-8000-000000000001' }),
    ],
    inside: (w) => ({ webhookId: w.bergenHook, messageId: w.bergenMessage }),
  },
  UPDATE_DEPARTMENT: {
    outside: [(w) => ({ id: w.oslo, alystraId: 'X' })],
    inside: (w) => ({ id: w.bergen, alystraId: 'B' }),
  },
  CREATE_CUSTOMER: {
    outside: [(w) => ({ name: 'Oslo AS', departmentId: w.oslo }), () => ({ name: 'Nowhere AS' })],
    inside: (w) => ({ name: 'Bergen AS', departmentId: w.bergen }),
  },
  // A key of another department's customer is named (404 as reading it) or acted on (0069).
  CREATE_API_KEY: {
    outside: [(w) => ({ customerId: w.osloCustomer, label: 'Shop' })],
    inside: (w) => ({ customerId: w.bergenCustomer, label: 'Shop' }),
  },
  ROTATE_API_KEY: { outside: [(w) => ({ id: w.osloKey })], inside: (w) => ({ id: w.bergenKey }) },
  REVOKE_API_KEY: { outside: [(w) => ({ id: w.osloKey })], inside: (w) => ({ id: w.bergenKey }) },
  UPDATE_CUSTOMER: {
    outside: [
      (w) => ({ id: w.osloCustomer, name: 'Taken' }),
      (w) => ({ id: w.bergenCustomer, departmentId: w.oslo }),
      (w) => ({ id: w.bergenCustomer, departmentId: null }),
    ],
    inside: (w) => ({ id: w.bergenCustomer, orgNumber: '974760673' }),
  },
  // A customer is deleted by its department's admins (0099).
  DELETE_CUSTOMER: {
    outside: [(w) => ({ id: w.osloCustomer })],
    inside: (w) => ({ id: w.bergenCustomer2 }),
  },
  CREATE_USER: {
    outside: [
      (w) => ({
        name: 'Boss',
        phoneNumber: freshPhone(),
        role: 'ADMIN',
        departmentIds: [w.bergen],
      }),
      (w) => ({ name: 'O', phoneNumber: freshPhone(), role: 'PLANNER', departmentIds: [w.oslo] }),
      (w) => ({
        name: 'F',
        phoneNumber: freshPhone(),
        role: 'PLANNER',
        departmentIds: [w.bergen],
        access: ['ADMIN_CUSTOMER_ALL'],
      }),
      (w) => ({
        name: 'C',
        phoneNumber: freshPhone(),
        role: 'CUSTOMER',
        customerId: w.osloCustomer,
      }),
    ],
    inside: (w) => ({
      name: 'B',
      phoneNumber: freshPhone(),
      role: 'PLANNER',
      departmentIds: [w.bergen],
      access: ['PLANNER_SHIPMENTS'],
    }),
  },
  UPDATE_USER: {
    outside: [
      (w) => ({ id: w.me, role: 'ADMIN' }),
      (w) => ({ id: w.me, departmentIds: [w.bergen, w.oslo] }),
      (w) => ({ id: w.me, access: [...accessFlags] }),
      (w) => ({ id: w.osloUser, name: 'Mine now' }),
      (w) => ({ id: w.bergenUser, departmentIds: [w.oslo] }),
      (w) => ({ id: w.bergenUser, role: 'CUSTOMER', customerId: w.osloCustomer }),
    ],
    inside: (w) => ({ id: w.bergenUser, name: 'Renamed' }),
  },
  DELETE_USER: {
    outside: [(w) => ({ id: w.osloUser })],
    inside: (w) => ({ id: w.bergenUser2 }),
  },
  CREATE_PLANNER: {
    // A planner starts with no department: nothing of another department is given.
    outside: [],
    inside: () => ({ name: 'Newbie', phoneNumber: freshPhone() }),
  },
  UPDATE_PLANNER: {
    outside: [(w) => ({ id: w.osloPlanner, name: 'Mine now' })],
    inside: (w) => ({ id: w.myPlanner, name: 'Renamed' }),
  },
  CREATE_ROLE: { outside: [() => ({ name: 'R', access: ['PLANNER_LIVE'] })], inside: null },
  UPDATE_ROLE: { outside: [(w) => ({ id: w.plainRole, description: 'x' })], inside: null },
  DELETE_ROLE: { outside: [(w) => ({ id: w.plainRole })], inside: null },
  ADD_ROLES_TO_USER: {
    outside: [
      (w) => ({ userId: w.bergenUser, roleIds: [w.allRole] }),
      (w) => ({ userId: w.osloUser, roleIds: [w.plainRole] }),
    ],
    inside: (w) => ({ userId: w.bergenUser, roleIds: [w.plainRole] }),
  },
  REMOVE_ROLES_FROM_USER: {
    outside: [(w) => ({ userId: w.osloUser, roleIds: [w.plainRole] })],
    inside: (w) => ({ userId: w.bergenUser, roleIds: [w.plainRole] }),
  },
  CREATE_DEPARTMENT_GROUP: {
    outside: [(w) => ({ name: 'G', departmentIds: [w.oslo, w.bergen] })],
    inside: (w) => ({ name: 'G', departmentIds: [w.bergen] }),
  },
  UPDATE_DEPARTMENT_GROUP: {
    outside: [
      (w) => ({ id: w.osloGroup, name: 'Mine' }),
      (w) => ({ id: w.bergenGroup, departmentIds: [w.oslo] }),
    ],
    inside: (w) => ({ id: w.bergenGroup, description: 'West' }),
  },
  DELETE_DEPARTMENT_GROUP: {
    outside: [(w) => ({ id: w.osloGroup })],
    inside: (w) => ({ id: w.bergenGroup }),
  },
  CREATE_CUSTOMER_GROUP: { outside: [() => ({ name: 'G' })], inside: null },
  UPDATE_CUSTOMER_GROUP: { outside: [(w) => ({ id: w.customerGroup, name: 'x' })], inside: null },
  DELETE_CUSTOMER_GROUP: { outside: [(w) => ({ id: w.customerGroup })], inside: null },
  CREATE_HOLIDAY: {
    outside: [() => ({ country: 'NO', type: 'NO_PICKUP', date: '2027-02-02' })],
    inside: null,
  },
  DELETE_HOLIDAY: { outside: [(w) => ({ id: w.holiday })], inside: null },
  // A person's data is erased by an administrator of every department (0050).
  ERASE_PERSONAL_DATA: { outside: [() => ({ orderIds: ['1'] })], inside: null },
  CREATE_NUMBER_SERIES: {
    outside: [
      (w) => ({
        type: 'GSIN',
        companyPrefix: '7091111',
        firstSerial: 1,
        lastSerial: 9,
        departmentId: w.oslo,
      }),
      () => ({ type: 'GSIN', companyPrefix: '7091112', firstSerial: 1, lastSerial: 9 }),
    ],
    inside: (w) => ({
      type: 'GSIN',
      companyPrefix: '7091113',
      firstSerial: 1,
      lastSerial: 9,
      departmentId: w.bergen,
    }),
  },
  UPDATE_NUMBER_SERIES: {
    outside: [(w) => ({ id: w.osloSeries, name: 'Renamed' })],
    inside: (w) => ({ id: w.bergenSeries, name: 'Renamed' }),
  },
  DELETE_NUMBER_SERIES: {
    outside: [(w) => ({ id: w.osloSeries })],
    inside: (w) => ({ id: w.bergenSeries }),
  },
} satisfies Partial<Record<CommandName, AdminCase>>;
