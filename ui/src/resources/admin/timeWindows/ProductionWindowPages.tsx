import { addProductionTimeWindowSchema, editProductionTimeWindowSchema } from '@nordlog/contracts';
import {
  Datagrid,
  List,
  SearchInput,
  TextField,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { LocaleDateInput } from '../../../inputs/LocaleDateInput';
import { LocaleDateField, ReferenceName } from '../common/fields';
import {
  CreatePage,
  EditPage,
  ListActions,
  Titled,
  useBulkDelete,
  useRowClick,
} from '../common/pages';
import { HoursInput, TimeInput } from './HoursInputs';
import { HoursSummary } from './HoursSummary';
import { DepartmentInput } from '../common/DepartmentInput';

/** Production time windows of the departments (docs/decisions/0078). */
export function ProductionWindowList() {
  const bulkDelete = useBulkDelete('DELETE_PRODUCTION_TIME_WINDOW');
  const rowClick = useRowClick('EDIT_PRODUCTION_TIME_WINDOW');
  return (
    <Titled page="productionTimeWindows">
      <List
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        actions={<ListActions create="ADD_PRODUCTION_TIME_WINDOW" />}
        sort={{ field: 'fromDate', order: 'DESC' }}
        empty={false}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={bulkDelete}>
          <TextField source="name" />
          <ReferenceName source="departmentId" reference="admin/departments" sortable={false} />
          <LocaleDateField source="fromDate" />
          <LocaleDateField source="toDate" />
          <HoursSummary source="pickupHours" closedWithout />
          <HoursSummary source="deliveryHours" closedWithout />
        </Datagrid>
      </List>
    </Titled>
  );
}

/** A window's name, dates and hours (its department is chosen when it is added). */
function WindowFields() {
  const translate = useTranslate();
  return (
    <>
      <p>{translate('timeWindows.windowHelp')}</p>
      <TextInput source="name" validate={required()} fullWidth />
      <LocaleDateInput source="fromDate" validate={required()} />
      <LocaleDateInput source="toDate" validate={required()} />
      <HoursInput source="pickupHours" />
      <HoursInput source="deliveryHours" />
      <TimeInput source="bookingCutoff" nullable minWidth={280} />
    </>
  );
}

export const ProductionWindowCreate = () => (
  <CreatePage
    page="productionTimeWindows"
    schema={addProductionTimeWindowSchema}
    defaults={{ pickupHours: [], deliveryHours: [], bookingCutoff: null }}
  >
    <DepartmentInput mode="required" />
    <WindowFields />
  </CreatePage>
);

export const ProductionWindowEdit = () => (
  <EditPage
    page="productionTimeWindows"
    schema={editProductionTimeWindowSchema}
    deleteCommand="DELETE_PRODUCTION_TIME_WINDOW"
  >
    <WindowFields />
  </EditPage>
);
