import { MAX_SHD_DAILY_CAPACITY, upsertShdSettingsSchema } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  AutocompleteArrayInput,
  BooleanInput,
  CreateButton,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  ReferenceArrayInput,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useMayRun } from '../../../access/useMayRun';
import { REFETCH } from '../../../live/applyChanges';
import { LiveProvider } from '../../../live/LiveProvider';
import { runQuery } from '../../../shell/api';
import { ReferenceName } from '../common/fields';
import { CreatePage, ListActions, Titled } from '../common/pages';
import { DepartmentInput } from '../common/DepartmentInput';

/** Asked again when a department's settings or day change on the socket (resources' registry). */
export const SHD_DAY_QUERY_KEY = 'shdDay';

/** The fields of the settings the form sends (the row's own, such as its revision, stay behind). */
const settingsOf = (row: Record<string, unknown>) => ({
  departmentId: row.departmentId,
  enabled: row.enabled,
  serviceIds: row.serviceIds,
  dailyCapacity: row.dailyCapacity,
});

/** Opens the form with this department's settings in it: saving sets them again, whole. */
function ChangeButton() {
  const record = useRecordContext();
  if (!record) return null;
  return <CreateButton label="ra.action.edit" state={{ record: settingsOf(record) }} />;
}

/** Today's places of the row's department: used and free, live (the socket asks again). */
function TodayField() {
  const record = useRecordContext<{ departmentId: string }>();
  const translate = useTranslate();
  const departmentId = record?.departmentId;
  const today = useQuery({
    queryKey: [SHD_DAY_QUERY_KEY, REFETCH, departmentId],
    queryFn: () =>
      runQuery<{ date: string; used: number; free: number }>('shdSettings', { departmentId }),
    enabled: Boolean(departmentId),
  });
  if (!today.data) return null;
  return (
    <span data-testid={`shd-today-${departmentId}`}>
      {translate('shd.today', { used: today.data.used, free: today.data.free })}
    </span>
  );
}

/**
 * The departments' same-day home delivery (docs/decisions/0092): on/off, services, capacity, and
 * today's places, live: the page follows the socket (admin resources do not otherwise).
 */
export function ShdList() {
  return (
    <LiveProvider>
      <ShdRows />
    </LiveProvider>
  );
}

function ShdRows() {
  const mayRun = useMayRun();
  const translate = useTranslate();
  return (
    <Titled page="shdSettings">
      <List
        actions={<ListActions create="UPSERT_SHD_SETTINGS" />}
        sort={{ field: 'id', order: 'ASC' }}
        perPage={50}
        empty={false}
      >
        <Datagrid rowClick={false} bulkActionButtons={false}>
          <ReferenceName source="departmentId" reference="admin/departments" />
          <FunctionField
            source="enabled"
            sortable={false}
            render={(r: { enabled: boolean }) => translate(r.enabled ? 'shd.on' : 'shd.off')}
          />
          <FunctionField
            source="serviceIds"
            sortable={false}
            render={(r: { serviceIds: string[] }) => r.serviceIds.join(', ')}
          />
          <TextField source="dailyCapacity" sortable={false} />
          <FunctionField source="today" sortable={false} render={() => <TodayField />} />
          {mayRun('UPSERT_SHD_SETTINGS') ? <ChangeButton /> : null}
        </Datagrid>
      </List>
    </Titled>
  );
}

/** Sets a department's same-day home delivery (a department that has settings gets them replaced). */
export function ShdCreate() {
  const translate = useTranslate();
  return (
    <CreatePage
      page="shdSettings"
      schema={upsertShdSettingsSchema}
      defaults={{ enabled: true, serviceIds: [], dailyCapacity: 0 }}
    >
      <p>{translate('shd.help')}</p>
      <DepartmentInput mode="required" />
      <BooleanInput source="enabled" />
      {/* Services are transport articles of the catalogue, named by code (as the matrix's). */}
      <ReferenceArrayInput
        source="serviceIds"
        reference="admin/articles"
        filter={{ kind: 'FREIGHT' }}
        perPage={1000}
        sort={{ field: 'code', order: 'ASC' }}
        queryOptions={{ meta: { key: 'code' } }}
      >
        <AutocompleteArrayInput
          optionText={(a: { code: string; label: string }) => `${a.code} – ${a.label}`}
          sx={{ minWidth: 320 }}
        />
      </ReferenceArrayInput>
      <NumberInput
        source="dailyCapacity"
        min={0}
        max={MAX_SHD_DAILY_CAPACITY}
        step={1}
        sx={{ minWidth: 320 }}
      />
    </CreatePage>
  );
}
