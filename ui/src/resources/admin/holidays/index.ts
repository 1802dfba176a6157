export { HolidayList } from './HolidayList';
export { HolidayCreate } from './HolidayCreate';
