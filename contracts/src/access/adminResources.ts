import type { CommandName } from '../registry.js';

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
  {
    name: 'admin/numberSeries',
    rule: '/admin/numberSeries',
    page: 'numberSeries',
    create: 'CREATE_NUMBER_SERIES',
    delete: 'DELETE_NUMBER_SERIES',
  },
] as const satisfies readonly AdminResource[];

export type AdminResourceName = (typeof table)[number]['name'];

export const adminResources: readonly (AdminResource & { name: AdminResourceName })[] = table;

/** The list path of a resource in the browser. */
export const resourcePath = (resource: Pick<AdminResource, 'name'>): string => `/${resource.name}`;
