import { MAX_LEAD_MINUTES, upsertDepartmentTimeWindowSchema } from '@nordlog/contracts';
import {
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useMayRun } from '../../../access/useMayRun';
import { ReferenceName } from '../common/fields';
import { CreatePage, ListActions, Titled } from '../common/pages';
import { HoursInput, TimeInput } from './HoursInputs';
import { HoursSummary } from './HoursSummary';
import { DepartmentInput } from '../common/DepartmentInput';

/** The fields of a week the form sends (the row's own, such as its revision, stay behind). */
const weekOf = (row: Record<string, unknown>) => ({
  departmentId: row.departmentId,
  pickupHours: row.pickupHours,
  deliveryHours: row.deliveryHours,
  bookingCutoff: row.bookingCutoff,
  minimumLeadMinutes: row.minimumLeadMinutes,
});

/** Opens the form with this department's week in it: saving sets the week again, whole. */
function ChangeButton() {
  const record = useRecordContext();
  if (!record) return null;
  return <CreateButton label="ra.action.edit" state={{ record: weekOf(record) }} />;
}

/** The departments' weeks (docs/decisions/0078): hours per weekday, cut-off, lead time. */
export function WeekList() {
  const mayRun = useMayRun();
  const translate = useTranslate();
  return (
    <Titled page="departmentTimeWindows">
      <List
        actions={<ListActions create="UPSERT_DEPARTMENT_TIME_WINDOW" />}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={50}
        empty={false}
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <ReferenceName source="departmentId" reference="admin/departments" />
          <HoursSummary source="pickupHours" />
          <HoursSummary source="deliveryHours" />
          <FunctionField
            source="bookingCutoff"
            render={(r: { bookingCutoff: string | null }) =>
              r.bookingCutoff ?? translate('timeWindows.noCutoff')
            }
          />
          <TextField source="minimumLeadMinutes" />
          {mayRun('UPSERT_DEPARTMENT_TIME_WINDOW') ? <ChangeButton /> : null}
        </Datagrid>
      </List>
    </Titled>
  );
}

/** Sets a department's week (a department that has one gets it replaced). */
export function WeekCreate() {
  const translate = useTranslate();
  return (
    <CreatePage
      page="departmentTimeWindows"
      schema={upsertDepartmentTimeWindowSchema}
      defaults={{ pickupHours: [], deliveryHours: [], bookingCutoff: null, minimumLeadMinutes: 0 }}
    >
      <p>{translate('timeWindows.weekHelp')}</p>
      <DepartmentInput mode="required" />
      <HoursInput source="pickupHours" />
      <HoursInput source="deliveryHours" />
      <TimeInput source="bookingCutoff" nullable minWidth={280} />
      <NumberInput
        source="minimumLeadMinutes"
        min={0}
        max={MAX_LEAD_MINUTES}
        step={15}
        sx={{ minWidth: 320 }}
      />
    </CreatePage>
  );
}
