import type { CommandName } from '../registry.js';
import type { AccessFlag } from './flags.js';
import { routeRules, type RouteRule } from './routeAccess.js';

/**
 * The admin resources (react-admin resources under /api/admin): their REST name, the route rule
 * that opens them (contracts' routeRules), the page title key and the commands behind create,
 * edit and delete. The app, its menu and the browser walk all read this table, so a new resource
 * is registered, offered and walked by being here. No React here: tests read it too.
 */
export interface AdminResource {
  name: string;
  /** The route rule (contracts' `routeRules` path) that lets a user open the resource. */
  rule: string;
  /**
   * Narrower than the rule: the flags (any one) a user needs for this resource, where one rule
   * covers resources of different flags (`/admin/cms/*`: banners and news, help modals).
   */
  flags?: readonly AccessFlag[];
  /** `pages.<page>`: the menu entry and tab title. */
  page: string;
  create?: CommandName;
  update?: CommandName;
  delete?: CommandName;
}

const table = [
  {
    name: 'admin/departments/groups',
    rule: '/admin/departments/*',
    page: 'departmentGroups',
    create: 'CREATE_DEPARTMENT_GROUP',
    update: 'UPDATE_DEPARTMENT_GROUP',
    delete: 'DELETE_DEPARTMENT_GROUP',
  },
  {
    name: 'admin/departments',
    rule: '/admin/departments/*',
    page: 'departments',
    create: 'CREATE_DEPARTMENT',
    update: 'UPDATE_DEPARTMENT',
  },
  {
    name: 'admin/customers',
    rule: '/admin/customers/:customerId?',
    page: 'customers',
    create: 'CREATE_CUSTOMER',
    update: 'UPDATE_CUSTOMER',
    delete: 'DELETE_CUSTOMER',
  },
  {
    name: 'admin/customerGroups',
    rule: '/admin/customerGroups',
    page: 'customerGroups',
    create: 'CREATE_CUSTOMER_GROUP',
    update: 'UPDATE_CUSTOMER_GROUP',
    delete: 'DELETE_CUSTOMER_GROUP',
  },
  {
    name: 'admin/users',
    rule: '/admin/users/*',
    page: 'users',
    create: 'CREATE_USER',
    update: 'UPDATE_USER',
    delete: 'DELETE_USER',
  },
  {
    name: 'admin/user-roles',
    rule: '/admin/user-roles/*',
    page: 'roles',
    create: 'CREATE_ROLE',
    update: 'UPDATE_ROLE',
    delete: 'DELETE_ROLE',
  },
  // Vendors (docs/decisions/0091): a department's hauliers and their depots.
  {
    name: 'admin/vendors',
    rule: '/admin/vendors/*',
    page: 'vendors',
    create: 'CREATE_VENDOR',
    update: 'UPDATE_VENDOR',
    delete: 'DELETE_VENDOR',
  },
  // Same-day home delivery (docs/decisions/0092): a department's settings, set whole.
  {
    name: 'admin/shd',
    rule: '/admin/shd',
    page: 'shdSettings',
    create: 'UPSERT_SHD_SETTINGS',
  },
  {
    name: 'admin/holidays',
    rule: '/admin/holidays',
    page: 'holidays',
    create: 'CREATE_HOLIDAY',
    delete: 'DELETE_HOLIDAY',
  },
  {
    name: 'admin/articles',
    rule: '/admin/articles',
    page: 'articles',
    create: 'CREATE_ARTICLE',
    update: 'UPDATE_ARTICLE',
    delete: 'DELETE_ARTICLE',
  },
  {
    name: 'admin/priceLists',
    rule: '/admin/priceLists',
    page: 'priceLists',
    create: 'CREATE_PRICE_LIST',
    update: 'UPDATE_PRICE_LIST',
    delete: 'DELETE_PRICE_LIST',
  },
  // A department's calendar (docs/decisions/0078): its week (set again by its create) and its
  // production time windows; the longer name first (its route is a sub-path of the other's).
  {
    name: 'admin/production-time-window/weeks',
    rule: '/admin/production-time-window/*',
    page: 'departmentTimeWindows',
    create: 'UPSERT_DEPARTMENT_TIME_WINDOW',
  },
  {
    name: 'admin/production-time-window',
    rule: '/admin/production-time-window/*',
    page: 'productionTimeWindows',
    create: 'ADD_PRODUCTION_TIME_WINDOW',
    update: 'EDIT_PRODUCTION_TIME_WINDOW',
    delete: 'DELETE_PRODUCTION_TIME_WINDOW',
  },
  // The department matrix (docs/decisions/0079).
  {
    name: 'admin/matrix',
    rule: '/admin/matrix/*',
    page: 'departmentMatrix',
    create: 'CREATE_MATRIX_ENTRY',
    update: 'UPDATE_MATRIX_ENTRY',
    delete: 'DELETE_MATRIX_ENTRY',
  },
  // Services and texts (docs/decisions/0081): the services' mapping (a row per transport
  // article, made with the article) and the texts; the longer name first.
  {
    name: 'admin/services-and-texts/mapping',
    rule: '/admin/services-and-texts/*',
    page: 'serviceMappings',
    update: 'UPDATE_SERVICE_MAPPING',
  },
  // Upsales rules (docs/decisions/0087): what the booking form offers, beside the texts it shows.
  {
    name: 'admin/services-and-texts/upsales',
    rule: '/admin/services-and-texts/*',
    page: 'upsalesRules',
    create: 'CREATE_UPSALES_RULE',
    update: 'UPDATE_UPSALES_RULE',
    delete: 'DELETE_UPSALES_RULE',
  },
  {
    name: 'admin/services-and-texts',
    rule: '/admin/services-and-texts/*',
    page: 'texts',
    create: 'CREATE_TEXT',
    update: 'UPDATE_TEXT',
    delete: 'DELETE_TEXT',
  },
  {
    name: 'admin/numberSeries',
    rule: '/admin/numberSeries',
    page: 'numberSeries',
    create: 'CREATE_NUMBER_SERIES',
    update: 'UPDATE_NUMBER_SERIES',
    delete: 'DELETE_NUMBER_SERIES',
  },
  // Content (docs/decisions/0077-content.md): one route rule, a flag per kind.
  {
    name: 'admin/cms/banners',
    rule: '/admin/cms/*',
    flags: ['ADMIN_CMS_BANNERS'],
    page: 'cmsBanners',
    create: 'CREATE_BANNER',
    update: 'UPDATE_BANNER',
    delete: 'DELETE_BANNER',
  },
  {
    name: 'admin/cms/news',
    rule: '/admin/cms/*',
    flags: ['ADMIN_CMS_BANNERS'],
    page: 'cmsNews',
    create: 'CREATE_NEWS',
    update: 'UPDATE_NEWS',
    delete: 'DELETE_NEWS',
  },
  {
    name: 'admin/cms/helpModals',
    rule: '/admin/cms/*',
    flags: ['ADMIN_CMS_WHATS_THIS_MODALS'],
    page: 'cmsHelpModals',
    create: 'CREATE_WHATS_THIS_MODAL',
    update: 'UPDATE_WHATS_THIS_MODAL',
    delete: 'DELETE_WHATS_THIS_MODAL',
  },
] as const satisfies readonly AdminResource[];

export type AdminResourceName = (typeof table)[number]['name'];

export const adminResources: readonly (AdminResource & { name: AdminResourceName })[] = table;

/** The list path of a resource in the browser. */
export const resourcePath = (resource: Pick<AdminResource, 'name'>): string => `/${resource.name}`;

/** The route rule a user must pass to open a resource: its rule, with the resource's own flags. */
export function resourceRule(resource: AdminResource): RouteRule {
  const rule = routeRules.find((r) => r.path === resource.rule);
  if (!rule) throw new Error(`No route rule ${resource.rule}`);
  return resource.flags ? { ...rule, flags: resource.flags } : rule;
}
