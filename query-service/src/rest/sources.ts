import {
  cmsEffectiveState,
  type CmsItemRow,
  type CmsKind,
  type Identity,
  type RestFilterField,
  type RestResourceName,
  type RestSortField,
  type UserRow,
} from '@nordlog/contracts';
import type { Knex } from '@nordlog/platform';
import {
  scopeCustomers,
  scopeDepartmentGroups,
  scopeDepartmentColumn,
  scopeDepartments,
  scopeNumberSeries,
  scopeUsers,
} from '../scopes.js';
import { withEffectiveAccess } from '../users/query.js';

type Builder = Knex.QueryBuilder;

/** A filter: a scalar field compared as text, or a list field that must hold one of the values. */
export type FilterSql = { kind: 'scalar'; expr: string } | { kind: 'list'; expr: string };

/**
 * How the query service reads one REST resource: SQL expressions for the sortable and filterable
 * fields of contracts' `restResources` (the types make both lists complete), the text a `q`
 * search looks in, the scope (the same rule as the resource's query) and what rows become.
 * Every expression here is a constant: request values only ever travel as bound parameters.
 */
export interface RestSource<R extends RestResourceName> {
  sort: Record<RestSortField<R>, string>;
  filters: Record<RestFilterField<R>, FilterSql>;
  /** Lower-cased text the words of `q` are looked for in. */
  search: string;
  base?: (q: Builder) => Builder;
  scope: (q: Builder, identity: Identity) => Builder;
  present?: (knex: Knex, identity: Identity, rows: unknown[]) => Promise<unknown[]>;
}

const text = (field: string) => `data->>'${field}'`;
const lowerText = (field: string) => `lower(data->>'${field}')`;
const number = (field: string) => `(data->>'${field}')::bigint`;
const scalar = (field: string): FilterSql => ({ kind: 'scalar', expr: text(field) });
const list = (field: string): FilterSql => ({ kind: 'list', expr: `data->'${field}'` });
const words = (...fields: string[]) =>
  `lower(concat_ws(' ', ${fields.map((f) => text(f)).join(', ')}))`;
const unscoped = (q: Builder) => q;
/** Tombstones of deleted entities stay in their read model; REST never answers them. */
const live = (q: Builder) => q.where('deleted', false);
/**
 * Content items of one kind (docs/decisions/0077-content.md), with the state as users see it now
 * (a SCHEDULED item whose time came is PUBLISHED), as the `banners` query answers them. The state
 * filter compares the state asked for (a scheduled item stays SCHEDULED there).
 */
const cmsKind = (kind: CmsKind) => (q: Builder) => q.where({ deleted: false, kind });
const cmsPresent = (_knex: Knex, _identity: Identity, rows: unknown[]) => {
  const now = new Date();
  return Promise.resolve(
    (rows as CmsItemRow[]).map((r) => ({ ...r, state: cmsEffectiveState(r, now) })),
  );
};
const cmsSort = {
  id: 'id',
  state: 'state',
  publishFrom: text('publishFrom'),
  publishTo: text('publishTo'),
};
const cmsFilters = { state: scalar('state'), targetRoles: list('targetRoles') };
const cmsSearch = words('title', 'body');

export const restSources: { [R in RestResourceName]: RestSource<R> } = {
  departments: {
    sort: {
      id: 'id',
      name: lowerText('name'),
      departmentType: text('departmentType'),
      country: 'country',
      alystraId: text('alystraId'),
    },
    filters: {
      name: scalar('name'),
      departmentType: scalar('departmentType'),
      country: scalar('country'),
      alystraId: scalar('alystraId'),
      npsId: scalar('npsId'),
    },
    search: words('name', 'alystraId', 'country'),
    scope: scopeDepartments,
  },
  departmentGroups: {
    sort: { id: 'id', name: 'lower(name)' },
    filters: { name: scalar('name'), departmentIds: list('departmentIds') },
    search: words('name', 'description'),
    base: live,
    scope: scopeDepartmentGroups,
  },
  customers: {
    sort: {
      id: 'id',
      name: 'lower(name)',
      departmentId: 'department_id',
      alystraId: text('alystraId'),
      orgNumber: text('orgNumber'),
      customerCode: text('customerCode'),
    },
    filters: {
      name: scalar('name'),
      departmentId: scalar('departmentId'),
      alystraId: scalar('alystraId'),
      alystraSubcustomer: scalar('alystraSubcustomer'),
      orgNumber: scalar('orgNumber'),
      customerCode: scalar('customerCode'),
    },
    search: 'search_text',
    scope: scopeCustomers,
  },
  customerGroups: {
    sort: { id: 'id', name: 'lower(name)' },
    filters: { name: scalar('name'), customerIds: list('customerIds') },
    search: words('name', 'description'),
    base: live,
    scope: unscoped,
  },
  users: {
    sort: {
      id: 'id',
      name: 'lower(name)',
      phoneNumber: 'phone_number',
      email: lowerText('email'),
      role: 'role',
    },
    filters: {
      name: scalar('name'),
      phoneNumber: scalar('phoneNumber'),
      email: scalar('email'),
      role: scalar('role'),
      customerId: scalar('customerId'),
      courierId: scalar('courierId'),
      departmentIds: list('departmentIds'),
      requiresEmail: scalar('requiresEmail'),
      requiresPwd: scalar('requiresPwd'),
    },
    search: 'search_text',
    base: live,
    scope: scopeUsers,
    present: (knex, _identity, rows) => withEffectiveAccess(knex, rows as UserRow[]),
  },
  roles: {
    sort: { id: 'id', name: 'lower(name)' },
    filters: { name: scalar('name'), access: list('access') },
    search: words('name', 'description'),
    scope: unscoped,
  },
  holidays: {
    sort: { id: 'id', date: 'date', country: 'country', type: 'type' },
    filters: { country: scalar('country'), type: scalar('type'), date: scalar('date') },
    search: words('country', 'type', 'date'),
    base: live,
    scope: unscoped,
  },
  numberSeries: {
    sort: {
      id: 'id',
      name: lowerText('name'),
      type: 'type',
      companyPrefix: text('companyPrefix'),
      firstSerial: number('firstSerial'),
      lastSerial: number('lastSerial'),
      nextSerial: number('nextSerial'),
      remaining: number('remaining'),
      departmentId: 'department_id',
      customerId: 'customer_id',
    },
    filters: {
      name: scalar('name'),
      type: scalar('type'),
      companyPrefix: scalar('companyPrefix'),
      departmentId: scalar('departmentId'),
      customerId: scalar('customerId'),
      used: scalar('used'),
    },
    search: words('name', 'type', 'companyPrefix'),
    base: live,
    scope: scopeNumberSeries,
  },
  // Same-day home delivery (docs/decisions/0092): the settings row's id is its department's.
  shdSettings: {
    sort: { id: 'id' },
    filters: { departmentId: scalar('departmentId') },
    search: words('departmentId'),
    scope: (q, identity) => scopeDepartmentColumn(q, identity, 'id'),
  },
  // A department's calendar (docs/decisions/0078): the week's row id is its department's.
  departmentTimeWindows: {
    sort: { id: 'id' },
    filters: { departmentId: scalar('departmentId') },
    search: words('departmentId'),
    scope: (q, identity) => scopeDepartmentColumn(q, identity, 'id'),
  },
  productionTimeWindows: {
    sort: {
      id: 'id',
      name: lowerText('name'),
      departmentId: 'department_id',
      fromDate: 'from_date',
      toDate: 'to_date',
    },
    filters: { departmentId: scalar('departmentId'), name: scalar('name') },
    search: words('name', 'fromDate', 'toDate'),
    base: live,
    scope: (q, identity) => scopeDepartmentColumn(q, identity, 'department_id'),
  },
  // Vendors (docs/decisions/0091): a vendor is its hiring department's.
  vendors: {
    sort: {
      id: 'id',
      name: lowerText('name'),
      departmentId: 'department_id',
      country: lowerText('country'),
      orgNumber: lowerText('orgNumber'),
    },
    filters: { departmentId: scalar('departmentId'), country: scalar('country') },
    search: words('name', 'orgNumber', 'email', 'phone'),
    base: live,
    scope: (q, identity) => scopeDepartmentColumn(q, identity, 'department_id'),
  },
  // The department matrix (docs/decisions/0079): an entry is its department's.
  departmentMatrix: {
    sort: {
      id: 'id',
      name: lowerText('name'),
      departmentId: 'department_id',
      postalCodeFrom: 'postal_code_from',
      postalCodeTo: text('postalCodeTo'),
      leadTimeDays: number('leadTimeDays'),
    },
    filters: { departmentId: scalar('departmentId'), serviceCodes: list('serviceCodes') },
    search: words('name', 'postalCodeFrom', 'postalCodeTo', 'serviceCodes'),
    base: live,
    scope: (q, identity) => scopeDepartmentColumn(q, identity, 'department_id'),
  },
  // Services and texts (docs/decisions/0081): product-wide reference data.
  texts: {
    sort: { id: 'id', group: 'text_group', key: 'text_key' },
    filters: { group: scalar('group'), key: scalar('key') },
    search: words('key', 'texts'),
    base: live,
    scope: unscoped,
  },
  serviceMappings: {
    sort: { id: 'id', code: 'code', label: lowerText('label') },
    filters: {
      code: scalar('code'),
      important: scalar('important'),
      allowFlexDelivery: scalar('allowFlexDelivery'),
    },
    search: words('code', 'label'),
    base: live,
    scope: unscoped,
  },
  // Upsales rules (docs/decisions/0087): product-wide reference data.
  upsalesRules: {
    sort: {
      id: 'id',
      name: lowerText('name'),
      priority: 'priority',
      enabled: 'enabled',
    },
    filters: {
      enabled: scalar('enabled'),
      articleId: scalar('articleId'),
      customerIds: list('customerIds'),
      customerGroupIds: list('customerGroupIds'),
    },
    search: words('name', 'serviceCodes', 'textKey'),
    base: live,
    scope: unscoped,
  },
  // The catalogue is reference data (contracts entity rule `everyone`).
  articles: {
    sort: {
      id: 'id',
      code: 'code',
      label: lowerText('label'),
      kind: text('kind'),
      group: 'article_group',
    },
    filters: {
      code: scalar('code'),
      kind: scalar('kind'),
      group: scalar('group'),
      active: scalar('active'),
    },
    search: words('code', 'label', 'group', 'vasCode'),
    base: live,
    scope: unscoped,
  },
  // A department's list to its department's readers; customer and group lists have none.
  priceLists: {
    sort: {
      id: 'id',
      name: lowerText('name'),
      validFrom: 'valid_from',
      validTo: 'valid_to',
      currency: text('currency'),
    },
    filters: {
      customerId: scalar('customerId'),
      customerGroupId: scalar('customerGroupId'),
      departmentId: scalar('departmentId'),
      currency: scalar('currency'),
    },
    search: words('name', 'currency'),
    base: live,
    scope: (q, identity) => scopeDepartmentColumn(q, identity, 'department_id'),
  },
  cmsBanners: {
    sort: { ...cmsSort, level: text('level') },
    filters: { ...cmsFilters, level: scalar('level') },
    search: cmsSearch,
    base: cmsKind('BANNER'),
    scope: unscoped,
    present: cmsPresent,
  },
  cmsNews: {
    sort: cmsSort,
    filters: cmsFilters,
    search: cmsSearch,
    base: cmsKind('NEWS'),
    scope: unscoped,
    present: cmsPresent,
  },
  cmsHelpModals: {
    sort: { ...cmsSort, screen: 'screen' },
    filters: { ...cmsFilters, screen: scalar('screen') },
    search: words('title', 'body', 'screen'),
    base: cmsKind('HELP_MODAL'),
    scope: unscoped,
    present: cmsPresent,
  },
};
