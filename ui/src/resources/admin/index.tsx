import type { ComponentType } from 'react';
import {
  BannerCreate,
  BannerEdit,
  BannerList,
  HelpModalCreate,
  HelpModalEdit,
  HelpModalList,
  NewsCreate,
  NewsEdit,
  NewsList,
} from './cms';
import { CustomerGroupCreate, CustomerGroupEdit, CustomerGroupList } from './customerGroups';
import { CustomerCreate, CustomerEdit, CustomerList } from './customers';
import {
  DepartmentGroupCreate,
  DepartmentGroupEdit,
  DepartmentGroupList,
} from './departmentGroups';
import { DepartmentCreate, DepartmentEdit, DepartmentList } from './departments';
import { HolidayCreate, HolidayList } from './holidays';
import { NumberSeriesCreate, NumberSeriesEdit, NumberSeriesList } from './numberSeries';
import {
  ArticleCreate,
  ArticleEdit,
  ArticleList,
  PriceListCreate,
  PriceListEdit,
  PriceListList,
} from './pricing';
import type { AdminResourceName } from './resources';
import { MatrixCreate, MatrixEdit, MatrixList } from './matrix';
import { RoleCreate, RoleEdit, RoleList } from './roles';
import { MappingEdit, MappingList, TextCreate, TextEdit, TextList } from './texts';
import { UpsalesCreate, UpsalesEdit, UpsalesList } from './upsales';
import { VendorCreate, VendorEdit, VendorList } from './vendors';
import { ShdCreate, ShdList } from './shd';
import {
  ProductionWindowCreate,
  ProductionWindowEdit,
  ProductionWindowList,
  WeekCreate,
  WeekList,
} from './timeWindows';
import { UserCreate, UserEdit, UserList } from './users';

export { adminResources, resourcePath, type AdminResource } from './resources';
export { adminIcons } from './icons';

export interface AdminPages {
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
}

/** The pages of each admin resource (the table in resources.ts says who may open them). */
export const adminPages: Record<AdminResourceName, AdminPages> = {
  'admin/departments/groups': {
    list: DepartmentGroupList,
    create: DepartmentGroupCreate,
    edit: DepartmentGroupEdit,
  },
  'admin/departments': {
    list: DepartmentList,
    create: DepartmentCreate,
    edit: DepartmentEdit,
  },
  'admin/customers': {
    list: CustomerList,
    create: CustomerCreate,
    edit: CustomerEdit,
  },
  'admin/customerGroups': {
    list: CustomerGroupList,
    create: CustomerGroupCreate,
    edit: CustomerGroupEdit,
  },
  'admin/users': { list: UserList, create: UserCreate, edit: UserEdit },
  'admin/user-roles': { list: RoleList, create: RoleCreate, edit: RoleEdit },
  'admin/holidays': { list: HolidayList, create: HolidayCreate },
  'admin/articles': {
    list: ArticleList,
    create: ArticleCreate,
    edit: ArticleEdit,
  },
  'admin/priceLists': {
    list: PriceListList,
    create: PriceListCreate,
    edit: PriceListEdit,
  },
  'admin/numberSeries': {
    list: NumberSeriesList,
    create: NumberSeriesCreate,
    edit: NumberSeriesEdit,
  },
  'admin/cms/banners': { list: BannerList, create: BannerCreate, edit: BannerEdit },
  'admin/cms/news': { list: NewsList, create: NewsCreate, edit: NewsEdit },
  'admin/cms/helpModals': { list: HelpModalList, create: HelpModalCreate, edit: HelpModalEdit },
  'admin/production-time-window/weeks': { list: WeekList, create: WeekCreate },
  'admin/production-time-window': {
    list: ProductionWindowList,
    create: ProductionWindowCreate,
    edit: ProductionWindowEdit,
  },
  'admin/matrix': { list: MatrixList, create: MatrixCreate, edit: MatrixEdit },
  'admin/services-and-texts/mapping': { list: MappingList, edit: MappingEdit },
  'admin/services-and-texts/upsales': {
    list: UpsalesList,
    create: UpsalesCreate,
    edit: UpsalesEdit,
  },
  'admin/vendors': { list: VendorList, create: VendorCreate, edit: VendorEdit },
  'admin/shd': { list: ShdList, create: ShdCreate },
  'admin/services-and-texts': { list: TextList, create: TextCreate, edit: TextEdit },
};
