import type { Role } from './roles.js';

/** Spec §6 access flags: 21 admin flags and 18 planner flags. */
export const adminFlags = [
  'ADMIN_USERS',
  'ADMIN_VENDORS',
  'ADMIN_CUSTOMER',
  'ADMIN_CUSTOMER_ALL',
  'ADMIN_CUSTOMER_GROUP',
  'ADMIN_DEPARTMENT',
  'ADMIN_DEPARTMENT_GROUP',
  'ADMIN_OPTIMIZING',
  'ADMIN_NUMBER_SERIES',
  'ADMIN_TEXTS',
  'ADMIN_PRODUCTION_TIME_WINDOW',
  'ADMIN_MATRIX',
  'ADMIN_JOBS',
  'ADMIN_HOLIDAYS',
  'ADMIN_SHD',
  'ADMIN_PRE_ADVICE',
  'ADMIN_LM_EVENTS',
  'ADMIN_CMS_BANNERS',
  'ADMIN_CMS_WHATS_THIS_MODALS',
  'ADMIN_ROLE',
  'ADMIN_INTEGRATIONS',
] as const;

export const plannerFlags = [
  'PLANNER_LIVE',
  'PLANNER_UNITS',
  'PLANNER_COURIERS',
  'PLANNER_IMPORT_EXPORT',
  'PLANNER_IMPORT_EXPORT_EXTENDED',
  'PLANNER_UNRESOLVED',
  'PLANNER_REPORTS',
  'PLANNER_SHIPMENTS',
  'PLANNER_INVOICING',
  'PLANNER_MANAGE_RETURNS',
  'PLANNER_PRE_ADVICE',
  'PLANNER_ROUTE_PLANNING',
  'PLANNER_VEHICLES',
  'PLANNER_BOOKING',
  'PLANNER_DISPATCHING',
  'PLANNER_RECURRING_ORDERS',
  'PLANNER_ADDRESSES',
  'PLANNER_PICKUP_ORDERS',
] as const;

/**
 * Flags of the product beyond the spec's: a person's data (docs/decisions/0050), held by ADMIN only
 * by default.
 */
export const productFlags = ['ADMIN_PERSONAL_DATA'] as const;

export const accessFlags = [...adminFlags, ...plannerFlags, ...productFlags] as const;
export type AccessFlag = (typeof accessFlags)[number];

export const isAccessFlag = (value: unknown): value is AccessFlag =>
  typeof value === 'string' && (accessFlags as readonly string[]).includes(value);

const fieldFlags: AccessFlag[] = [
  'PLANNER_LIVE',
  'PLANNER_SHIPMENTS',
  'PLANNER_ROUTE_PLANNING',
  'PLANNER_DISPATCHING',
  'PLANNER_UNITS',
  'PLANNER_COURIERS',
  'PLANNER_VEHICLES',
  'PLANNER_BOOKING',
];

/**
 * The access list a new user of each role starts with (the spec leaves it open; roles entities can
 * change it). Restricted and customer users work through their own paths, not these screens.
 */
export const defaultAccess: Record<Role, readonly AccessFlag[]> = {
  ADMIN: accessFlags,
  PLUS_PLANNER: [
    ...plannerFlags,
    'ADMIN_CUSTOMER',
    'ADMIN_OPTIMIZING',
    'ADMIN_PRE_ADVICE',
    'ADMIN_LM_EVENTS',
  ],
  PLANNER: plannerFlags,
  READ_ONLY_PLANNER: plannerFlags.filter((f) => f !== 'PLANNER_IMPORT_EXPORT_EXTENDED'),
  PARTNER: fieldFlags,
  // ADMIN_LM_EVENTS: the audit replay (docs/decisions/0029-audit-replay.md).
  ACCOUNTING: ['PLANNER_INVOICING', 'PLANNER_SHIPMENTS', 'PLANNER_REPORTS', 'ADMIN_LM_EVENTS'],
  CUSTOMER: [],
  COURIER: [],
};
