import { queryPermissions, type Permission } from './access/permissions.js';
import {
  CMS_BANNERS_ENTITY,
  CMS_BANNERS_TABLE,
  CMS_HELP_MODALS_ENTITY,
  CMS_HELP_MODALS_TABLE,
} from './cms/index.js';
import { CUSTOMER_GROUPS_ENTITY, CUSTOMER_GROUPS_TABLE } from './customerGroups/index.js';
import { CUSTOMERS_ENTITY, CUSTOMERS_TABLE } from './customers/index.js';
import { DEPARTMENT_GROUPS_ENTITY, DEPARTMENT_GROUPS_TABLE } from './departmentGroups/index.js';
import { DEPARTMENTS_ENTITY, DEPARTMENTS_TABLE } from './departments/index.js';
import { HOLIDAYS_ENTITY, HOLIDAYS_TABLE } from './holidays/index.js';
import { NUMBER_SERIES_ENTITY, NUMBER_SERIES_TABLE } from './numberSeries/index.js';
import {
  DEPARTMENT_TIME_WINDOWS_ENTITY,
  DEPARTMENT_TIME_WINDOWS_TABLE,
  PRODUCTION_TIME_WINDOWS_ENTITY,
  PRODUCTION_TIME_WINDOWS_TABLE,
} from './timeWindows/index.js';
import { DEPARTMENT_MATRIX_ENTITY, DEPARTMENT_MATRIX_TABLE } from './matrix/index.js';
import {
  SERVICE_MAPPINGS_ENTITY,
  SERVICE_MAPPINGS_TABLE,
  TEXTS_ENTITY,
  TEXTS_TABLE,
} from './texts/index.js';
import { UPSALES_RULES_ENTITY, UPSALES_RULES_TABLE } from './upsales/index.js';
import { VENDORS_ENTITY, VENDORS_TABLE } from './vendors/index.js';
import { SHD_SETTINGS_ENTITY, SHD_SETTINGS_TABLE } from './shd/index.js';
import {
  ARTICLES_ENTITY,
  ARTICLES_TABLE,
  PRICE_LISTS_ENTITY,
  PRICE_LISTS_TABLE,
} from './pricing/catalogue.js';
import type { CommandName, QueryName } from './registry.js';
import { ROLES_ENTITY, ROLES_TABLE, USERS_ENTITY, USERS_TABLE } from './users/index.js';

/**
 * An admin resource read in the dialect of react-admin's `ra-data-simple-rest` at
 * `GET /api/rest/{resource}` and `GET /api/rest/{resource}/{id}` (query service, read models
 * only). Writes never go through REST: the web app's data provider sends them as
 * `POST /api/command/{NAME}` with the command names listed here.
 */
export interface RestResource {
  /** The read model it reads. */
  table: string;
  /** The entity name of its rows on the socket. */
  entity: string;
  /** The query whose permission and department/customer scoping it shares. */
  query: QueryName;
  create: CommandName | null;
  update: CommandName | null;
  delete: CommandName | null;
  /** Fields `sort=["field","ASC"]` accepts (any other is 400). */
  sortFields: readonly string[];
  /** Fields `filter={…}` accepts besides `id` (getMany) and `q` (text search). */
  filterFields: readonly string[];
  /**
   * Fields besides `id` that other records name a row by (unique and unchanging per row), e.g. a
   * price line's `articleCode`. Each is also a filter field, so getMany by a key is
   * `filter={"code":[…]}`; the web app asks for it with `meta: { key }` and gets rows whose `id`
   * is the key (react-admin matches a reference to its record by `id`). `filter.id` takes ids
   * only: a key sent as an id is 400, never a guess.
   */
  keys: readonly string[];
  defaultSort: readonly [string, 'ASC' | 'DESC'];
}

export const restResources = {
  departments: {
    table: DEPARTMENTS_TABLE,
    entity: DEPARTMENTS_ENTITY,
    query: 'departments',
    create: 'CREATE_DEPARTMENT',
    update: 'UPDATE_DEPARTMENT',
    delete: null,
    sortFields: ['id', 'name', 'departmentType', 'country', 'alystraId'],
    filterFields: ['name', 'departmentType', 'country', 'alystraId', 'npsId'],
    keys: [],
    defaultSort: ['name', 'ASC'],
  },
  departmentGroups: {
    table: DEPARTMENT_GROUPS_TABLE,
    entity: DEPARTMENT_GROUPS_ENTITY,
    query: 'departmentGroups',
    create: 'CREATE_DEPARTMENT_GROUP',
    update: 'UPDATE_DEPARTMENT_GROUP',
    delete: 'DELETE_DEPARTMENT_GROUP',
    sortFields: ['id', 'name'],
    filterFields: ['name', 'departmentIds'],
    keys: [],
    defaultSort: ['name', 'ASC'],
  },
  customers: {
    table: CUSTOMERS_TABLE,
    entity: CUSTOMERS_ENTITY,
    query: 'searchCustomers',
    create: 'CREATE_CUSTOMER',
    update: 'UPDATE_CUSTOMER',
    delete: 'DELETE_CUSTOMER',
    sortFields: ['id', 'name', 'departmentId', 'alystraId', 'orgNumber', 'customerCode'],
    filterFields: [
      'name',
      'departmentId',
      'alystraId',
      'alystraSubcustomer',
      'orgNumber',
      'customerCode',
    ],
    keys: [],
    defaultSort: ['name', 'ASC'],
  },
  customerGroups: {
    table: CUSTOMER_GROUPS_TABLE,
    entity: CUSTOMER_GROUPS_ENTITY,
    query: 'customerGroups',
    create: 'CREATE_CUSTOMER_GROUP',
    update: 'UPDATE_CUSTOMER_GROUP',
    delete: 'DELETE_CUSTOMER_GROUP',
    sortFields: ['id', 'name'],
    filterFields: ['name', 'customerIds'],
    keys: [],
    defaultSort: ['name', 'ASC'],
  },
  users: {
    table: USERS_TABLE,
    entity: USERS_ENTITY,
    query: 'users',
    create: 'CREATE_USER',
    update: 'UPDATE_USER',
    delete: 'DELETE_USER',
    sortFields: ['id', 'name', 'phoneNumber', 'email', 'role'],
    filterFields: [
      'name',
      'phoneNumber',
      'email',
      'role',
      'customerId',
      'courierId',
      'departmentIds',
      'requiresEmail',
      'requiresPwd',
    ],
    keys: [],
    defaultSort: ['name', 'ASC'],
  },
  roles: {
    table: ROLES_TABLE,
    entity: ROLES_ENTITY,
    query: 'roles',
    create: 'CREATE_ROLE',
    update: 'UPDATE_ROLE',
    delete: 'DELETE_ROLE',
    sortFields: ['id', 'name'],
    filterFields: ['name', 'access'],
    keys: [],
    defaultSort: ['name', 'ASC'],
  },
  holidays: {
    table: HOLIDAYS_TABLE,
    entity: HOLIDAYS_ENTITY,
    query: 'holiday',
    create: 'CREATE_HOLIDAY',
    update: null,
    delete: 'DELETE_HOLIDAY',
    sortFields: ['id', 'date', 'country', 'type'],
    filterFields: ['country', 'type', 'date'],
    keys: [],
    defaultSort: ['date', 'ASC'],
  },
  numberSeries: {
    table: NUMBER_SERIES_TABLE,
    entity: NUMBER_SERIES_ENTITY,
    query: 'numberSeries',
    create: 'CREATE_NUMBER_SERIES',
    update: 'UPDATE_NUMBER_SERIES',
    delete: 'DELETE_NUMBER_SERIES',
    sortFields: [
      'id',
      'name',
      'type',
      'companyPrefix',
      'firstSerial',
      'lastSerial',
      'nextSerial',
      'remaining',
      'departmentId',
      'customerId',
    ],
    filterFields: ['name', 'type', 'companyPrefix', 'departmentId', 'customerId', 'used'],
    keys: [],
    defaultSort: ['id', 'ASC'],
  },
  articles: {
    table: ARTICLES_TABLE,
    entity: ARTICLES_ENTITY,
    query: 'articles',
    create: 'CREATE_ARTICLE',
    update: 'UPDATE_ARTICLE',
    delete: 'DELETE_ARTICLE',
    sortFields: ['id', 'code', 'label', 'kind', 'group'],
    filterFields: ['code', 'kind', 'group', 'active'],
    keys: ['code'],
    defaultSort: ['code', 'ASC'],
  },
  priceLists: {
    table: PRICE_LISTS_TABLE,
    entity: PRICE_LISTS_ENTITY,
    query: 'priceLists',
    create: 'CREATE_PRICE_LIST',
    update: 'UPDATE_PRICE_LIST',
    delete: 'DELETE_PRICE_LIST',
    sortFields: ['id', 'name', 'validFrom', 'validTo', 'currency'],
    filterFields: ['customerId', 'customerGroupId', 'departmentId', 'currency'],
    keys: [],
    defaultSort: ['validFrom', 'DESC'],
  },
  // Content (docs/decisions/0077-content.md): banners and news share a read model (kind tells).
  cmsBanners: {
    table: CMS_BANNERS_TABLE,
    entity: CMS_BANNERS_ENTITY,
    query: 'banners',
    create: 'CREATE_BANNER',
    update: 'UPDATE_BANNER',
    delete: 'DELETE_BANNER',
    sortFields: ['id', 'state', 'level', 'publishFrom', 'publishTo'],
    filterFields: ['state', 'level', 'targetRoles'],
    keys: [],
    defaultSort: ['id', 'DESC'],
  },
  cmsNews: {
    table: CMS_BANNERS_TABLE,
    entity: CMS_BANNERS_ENTITY,
    query: 'cmsNews',
    create: 'CREATE_NEWS',
    update: 'UPDATE_NEWS',
    delete: 'DELETE_NEWS',
    sortFields: ['id', 'state', 'publishFrom', 'publishTo'],
    filterFields: ['state', 'targetRoles'],
    keys: [],
    defaultSort: ['id', 'DESC'],
  },
  cmsHelpModals: {
    table: CMS_HELP_MODALS_TABLE,
    entity: CMS_HELP_MODALS_ENTITY,
    query: 'whatsThisModals',
    create: 'CREATE_WHATS_THIS_MODAL',
    update: 'UPDATE_WHATS_THIS_MODAL',
    delete: 'DELETE_WHATS_THIS_MODAL',
    sortFields: ['id', 'state', 'screen', 'publishFrom', 'publishTo'],
    filterFields: ['state', 'screen', 'targetRoles'],
    keys: [],
    defaultSort: ['id', 'DESC'],
  },
  // A department's calendar (docs/decisions/0078): the weeks set (a week is set again whole, by
  // its create), and the production time windows.
  departmentTimeWindows: {
    table: DEPARTMENT_TIME_WINDOWS_TABLE,
    entity: DEPARTMENT_TIME_WINDOWS_ENTITY,
    query: 'departmentTimeWindows',
    create: 'UPSERT_DEPARTMENT_TIME_WINDOW',
    update: null,
    delete: null,
    sortFields: ['id'],
    filterFields: ['departmentId'],
    keys: [],
    defaultSort: ['id', 'ASC'],
  },
  productionTimeWindows: {
    table: PRODUCTION_TIME_WINDOWS_TABLE,
    entity: PRODUCTION_TIME_WINDOWS_ENTITY,
    query: 'productionTimeWindows',
    create: 'ADD_PRODUCTION_TIME_WINDOW',
    update: 'EDIT_PRODUCTION_TIME_WINDOW',
    delete: 'DELETE_PRODUCTION_TIME_WINDOW',
    sortFields: ['id', 'name', 'departmentId', 'fromDate', 'toDate'],
    filterFields: ['departmentId', 'name'],
    keys: [],
    defaultSort: ['fromDate', 'DESC'],
  },
  // The department matrix (docs/decisions/0079): postal-code ranges to services and lead times.
  departmentMatrix: {
    table: DEPARTMENT_MATRIX_TABLE,
    entity: DEPARTMENT_MATRIX_ENTITY,
    query: 'departmentMatrix',
    create: 'CREATE_MATRIX_ENTRY',
    update: 'UPDATE_MATRIX_ENTRY',
    delete: 'DELETE_MATRIX_ENTRY',
    sortFields: ['id', 'name', 'departmentId', 'postalCodeFrom', 'postalCodeTo', 'leadTimeDays'],
    filterFields: ['departmentId', 'serviceCodes'],
    keys: [],
    defaultSort: ['postalCodeFrom', 'ASC'],
  },
  // Services and texts (docs/decisions/0081): the texts, and a mapping per transport article.
  texts: {
    table: TEXTS_TABLE,
    entity: TEXTS_ENTITY,
    query: 'texts',
    create: 'CREATE_TEXT',
    update: 'UPDATE_TEXT',
    delete: 'DELETE_TEXT',
    sortFields: ['id', 'group', 'key'],
    filterFields: ['group', 'key'],
    keys: [],
    defaultSort: ['key', 'ASC'],
  },
  serviceMappings: {
    table: SERVICE_MAPPINGS_TABLE,
    entity: SERVICE_MAPPINGS_ENTITY,
    query: 'serviceMappingData',
    create: null,
    update: 'UPDATE_SERVICE_MAPPING',
    delete: null,
    sortFields: ['id', 'code', 'label'],
    filterFields: ['code', 'important', 'allowFlexDelivery'],
    keys: [],
    defaultSort: ['code', 'ASC'],
  },
  // Upsales rules (docs/decisions/0087): extras the booking form suggests.
  upsalesRules: {
    table: UPSALES_RULES_TABLE,
    entity: UPSALES_RULES_ENTITY,
    query: 'upsalesRules',
    create: 'CREATE_UPSALES_RULE',
    update: 'UPDATE_UPSALES_RULE',
    delete: 'DELETE_UPSALES_RULE',
    sortFields: ['id', 'name', 'priority', 'enabled'],
    filterFields: ['enabled', 'articleId', 'customerIds', 'customerGroupIds'],
    keys: [],
    defaultSort: ['priority', 'ASC'],
  },
  // Vendors (docs/decisions/0091): a department's hauliers.
  vendors: {
    table: VENDORS_TABLE,
    entity: VENDORS_ENTITY,
    query: 'vendors',
    create: 'CREATE_VENDOR',
    update: 'UPDATE_VENDOR',
    delete: 'DELETE_VENDOR',
    sortFields: ['id', 'name', 'departmentId', 'country', 'orgNumber'],
    filterFields: ['departmentId', 'country'],
    keys: [],
    defaultSort: ['name', 'ASC'],
  },
  // Same-day home delivery (docs/decisions/0092): the departments' settings (set whole by the
  // create, as a department's week).
  shdSettings: {
    table: SHD_SETTINGS_TABLE,
    entity: SHD_SETTINGS_ENTITY,
    query: 'shdSettings',
    create: 'UPSERT_SHD_SETTINGS',
    update: null,
    delete: null,
    sortFields: ['id'],
    filterFields: ['departmentId'],
    keys: [],
    defaultSort: ['id', 'ASC'],
  },
} as const satisfies Record<string, RestResource>;

export type RestResourceName = keyof typeof restResources;
export type RestKey<R extends RestResourceName> = (typeof restResources)[R]['keys'][number];
export type RestSortField<R extends RestResourceName> =
  (typeof restResources)[R]['sortFields'][number];
export type RestFilterField<R extends RestResourceName> =
  (typeof restResources)[R]['filterFields'][number];

export const isRestResourceName = (name: string): name is RestResourceName =>
  Object.hasOwn(restResources, name);

/** Who may read a resource: the permission of its query (the one table of access/permissions). */
export const restPermission = (name: RestResourceName): Permission =>
  queryPermissions[restResources[name].query];

/** The resource whose rows carry this socket entity name, if any. */
export const restResourceOfEntity = (entity: string): RestResourceName | null =>
  (Object.keys(restResources) as RestResourceName[]).find(
    (name) => restResources[name].entity === entity,
  ) ?? null;

/** ra-data-simple-rest's list header: `Content-Range: {resource} {start}-{end}/{total}`. */
export const REST_COUNT_HEADER = 'Content-Range';
/** Largest page one list answer holds. */
export const REST_MAX_PAGE = 1000;
export {
  MIN_POSITION_HEADER,
  MIN_POSITION_REACHED_HEADER,
  MIN_POSITION_WAIT_MS,
} from './minPosition.js';
