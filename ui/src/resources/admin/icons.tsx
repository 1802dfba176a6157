import AddShoppingCartIcon from '@mui/icons-material/AddShoppingCart';
import ApartmentIcon from '@mui/icons-material/Apartment';
import LocalShippingIcon from '@mui/icons-material/LocalShipping';
import HomeIcon from '@mui/icons-material/Home';
import BadgeIcon from '@mui/icons-material/Badge';
import BusinessIcon from '@mui/icons-material/Business';
import CampaignIcon from '@mui/icons-material/Campaign';
import HelpOutlineIcon from '@mui/icons-material/HelpOutline';
import NewspaperIcon from '@mui/icons-material/Newspaper';
import EventBusyIcon from '@mui/icons-material/EventBusy';
import DateRangeIcon from '@mui/icons-material/DateRange';
import ScheduleIcon from '@mui/icons-material/Schedule';
import GridOnIcon from '@mui/icons-material/GridOn';
import GroupWorkIcon from '@mui/icons-material/GroupWork';
import NumbersIcon from '@mui/icons-material/Numbers';
import PeopleIcon from '@mui/icons-material/People';
import PriceChangeIcon from '@mui/icons-material/PriceChange';
import SellIcon from '@mui/icons-material/Sell';
import TranslateIcon from '@mui/icons-material/Translate';
import TuneIcon from '@mui/icons-material/Tune';
import WorkspacesIcon from '@mui/icons-material/Workspaces';
import type { ReactElement } from 'react';
import type { AdminResourceName } from './resources';

/**
 * Each admin resource's menu icon, apart from its pages so that the planner's frame can show the
 * admin entry without loading the admin screens (docs/decisions/0046-web-start-up.md).
 */
export const adminIcons: Record<AdminResourceName, ReactElement> = {
  'admin/departments/groups': <WorkspacesIcon />,
  'admin/departments': <BusinessIcon />,
  'admin/customers': <ApartmentIcon />,
  'admin/customerGroups': <GroupWorkIcon />,
  'admin/users': <PeopleIcon />,
  'admin/user-roles': <BadgeIcon />,
  'admin/holidays': <EventBusyIcon />,
  'admin/articles': <SellIcon />,
  'admin/priceLists': <PriceChangeIcon />,
  'admin/numberSeries': <NumbersIcon />,
  'admin/cms/banners': <CampaignIcon />,
  'admin/cms/news': <NewspaperIcon />,
  'admin/cms/helpModals': <HelpOutlineIcon />,
  'admin/production-time-window/weeks': <ScheduleIcon />,
  'admin/production-time-window': <DateRangeIcon />,
  'admin/matrix': <GridOnIcon />,
  'admin/services-and-texts/mapping': <TuneIcon />,
  'admin/services-and-texts/upsales': <AddShoppingCartIcon />,
  'admin/vendors': <LocalShippingIcon />,
  'admin/shd': <HomeIcon />,
  'admin/services-and-texts': <TranslateIcon />,
};
