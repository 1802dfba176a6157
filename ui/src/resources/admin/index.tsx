import ApartmentIcon from '@mui/icons-material/Apartment';
import BadgeIcon from '@mui/icons-material/Badge';
import BusinessIcon from '@mui/icons-material/Business';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import GroupWorkIcon from '@mui/icons-material/GroupWork';
import NumbersIcon from '@mui/icons-material/Numbers';
import PeopleIcon from '@mui/icons-material/People';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import SellIcon from '@mui/icons-material/Sell';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import type { ComponentType, ReactElement } from 'react';
import { CustomerGroupCreate, CustomerGroupEdit, CustomerGroupList } from './customerGroups';
import { CustomerCreate, CustomerEdit, CustomerList } from './customers';
import {
  DepartmentGroupCreate,
  DepartmentGroupEdit,
  DepartmentGroupList,
} from './departmentGroups';
import { DepartmentCreate, DepartmentEdit, DepartmentList } from './departments';
import { HolidayCreate, HolidayList } from './holidays';
import { NumberSeriesCreate, NumberSeriesList } from './numberSeries';
import {
  ArticleCreate,
  ArticleEdit,
  ArticleList,
  PriceListCreate,
  PriceListEdit,
  PriceListList,
} from './pricing';
import type { AdminResourceName } from './resources';
import { RoleCreate, RoleEdit, RoleList } from './roles';
import { UserCreate, UserEdit, UserList } from './users';

export { adminResources, resourcePath, type AdminResource } from './resources';

export interface AdminPages {
  list: ComponentType;
  create?: ComponentType;
  edit?: ComponentType;
  icon: ReactElement;
}

/** The pages of each admin resource (the table in resources.ts says who may open them). */
export const adminPages: Record<AdminResourceName, AdminPages> = {
  'admin/departments/groups': {
    list: DepartmentGroupList,
    create: DepartmentGroupCreate,
    edit: DepartmentGroupEdit,
    icon: <WorkspacesIcon />,
  },
  'admin/departments': {
    list: DepartmentList,
    create: DepartmentCreate,
    edit: DepartmentEdit,
    icon: <BusinessIcon />,
  },
  'admin/customers': {
    list: CustomerList,
    create: CustomerCreate,
    edit: CustomerEdit,
    icon: <ApartmentIcon />,
  },
  'admin/customerGroups': {
    list: CustomerGroupList,
    create: CustomerGroupCreate,
    edit: CustomerGroupEdit,
    icon: <GroupWorkIcon />,
  },
  'admin/users': { list: UserList, create: UserCreate, edit: UserEdit, icon: <PeopleIcon /> },
  'admin/user-roles': { list: RoleList, create: RoleCreate, edit: RoleEdit, icon: <BadgeIcon /> },
  'admin/holidays': { list: HolidayList, create: HolidayCreate, icon: <EventBusyIcon /> },
  'admin/articles': {
    list: ArticleList,
    create: ArticleCreate,
    edit: ArticleEdit,
    icon: <SellIcon />,
  },
  'admin/priceLists': {
    list: PriceListList,
    create: PriceListCreate,
    edit: PriceListEdit,
    icon: <PriceChangeIcon />,
  },
  'admin/numberSeries': {
    list: NumberSeriesList,
    create: NumberSeriesCreate,
    icon: <NumbersIcon />,
  },
};
