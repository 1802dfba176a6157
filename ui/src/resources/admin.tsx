import { zodResolver } from '@hookform/resolvers/zod';
import {
  accessFlags,
  createCustomerGroupSchema,
  createCustomerSchema,
  createDepartmentGroupSchema,
  createDepartmentSchema,
  createHolidaySchema,
  createNumberSeriesSchema,
  createRoleSchema,
  createUserSchema,
  departmentTypes,
  holidayTypes,
  marketCountries,
  numberSeriesTypes,
  roles,
  updateCustomerGroupSchema,
  updateCustomerSchema,
  updateDepartmentGroupSchema,
  updateDepartmentSchema,
  updateRoleSchema,
  updateUserSchema,
} from '@nordlog/contracts';
import type { ReactElement, ReactNode } from 'react';
import {
  AutocompleteArrayInput,
  BooleanField,
  BooleanInput,
  BulkDeleteButton,
  CheckboxGroupInput,
  ChipField,
  Create,
  Datagrid,
  DeleteButton,
  Edit,
  FunctionField,
  List,
  NumberInput,
  ReferenceArrayField,
  ReferenceArrayInput,
  ReferenceField,
  ReferenceInput,
  SaveButton,
  SearchInput,
  SelectInput,
  SimpleForm,
  SingleFieldList,
  TextField,
  TextInput,
  Toolbar,
  required,
  useLocale,
  useRecordContext,
  type RaRecord,
} from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { formatDate, normalizeLocale } from '../i18n/locales';
import { LocaleDateInput } from '../inputs/LocaleDateInput';
import { usePageTitle } from '../layout/pageTitle';
import { useDepartmentOptions } from '../layout/useDepartments';

const choices = (values: readonly string[]) => values.map((v) => ({ id: v, name: v }));
const countryChoices = choices(marketCountries);

/** The same zod schema the command service applies (spec: the same rules in the form). */
const resolver = (schema: z.ZodType): Resolver<FieldValues> =>
  zodResolver(schema as never) as unknown as Resolver<FieldValues>;

/** Edit toolbar: save, and delete behind a confirm dialog when the resource can be deleted. */
function EditToolbar({ deletable }: { deletable: boolean }) {
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {deletable ? <DeleteButton mutationMode="pessimistic" /> : null}
    </Toolbar>
  );
}

const bulkDelete = <BulkDeleteButton mutationMode="pessimistic" />;

function Titled({ page, children }: { page: string; children: ReactElement }) {
  usePageTitle(page);
  return children;
}

/** A create page: the form checked by the command's zod schema, back to the list on save. */
function CreatePage(props: {
  page: string;
  schema: z.ZodType;
  defaults?: Record<string, unknown>;
  children: ReactNode;
}) {
  return (
    <Titled page={props.page}>
      <Create redirect="list">
        <SimpleForm resolver={resolver(props.schema)} defaultValues={props.defaults}>
          {props.children}
        </SimpleForm>
      </Create>
    </Titled>
  );
}

/** An edit page: saved only when the server accepted it; delete (confirmed) where allowed. */
function EditPage(props: {
  page: string;
  schema: z.ZodType;
  deletable: boolean;
  children: ReactNode;
}) {
  return (
    <Titled page={props.page}>
      <Edit mutationMode="pessimistic" redirect="list">
        <SimpleForm
          resolver={resolver(props.schema)}
          toolbar={<EditToolbar deletable={props.deletable} />}
        >
          {props.children}
        </SimpleForm>
      </Edit>
    </Titled>
  );
}

/** A business date in the user's format (spec §9). */
function LocaleDateField({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const locale = normalizeLocale(useLocale());
  const value = record?.[source] as string | undefined;
  return <span>{value ? formatDate(value, locale) : ''}</span>;
}

/* ---- departments (spec §3) ---- */

const departmentFilters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <SelectInput key="country" source="country" choices={countryChoices} />,
  <SelectInput key="type" source="departmentType" choices={choices(departmentTypes)} />,
];

export const DepartmentList = () => (
  <Titled page="departments">
    <List filters={departmentFilters} sort={{ field: 'name', order: 'ASC' }} perPage={25}>
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="name" />
        <TextField source="departmentType" />
        <TextField source="country" />
        <TextField source="alystraId" />
      </Datagrid>
    </List>
  </Titled>
);

const DepartmentFields = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <SelectInput source="departmentType" choices={choices(departmentTypes)} validate={required()} />
    <SelectInput source="country" choices={countryChoices} validate={required()} />
    <TextInput source="alystraId" />
    <TextInput source="npsId" />
  </>
);

export const DepartmentCreate = () => (
  <CreatePage
    page="departments"
    schema={createDepartmentSchema}
    defaults={{ alystraId: '', emailAddresses: [] }}
  >
    <DepartmentFields />
  </CreatePage>
);

export const DepartmentEdit = () => (
  <EditPage page="departments" schema={updateDepartmentSchema} deletable={false}>
    <TextInput source="id" disabled />
    <DepartmentFields />
  </EditPage>
);

/* ---- department groups (spec §1, `group_{n}`) ---- */

export const DepartmentGroupList = () => (
  <Titled page="departmentGroups">
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={bulkDelete}>
        <FunctionField source="id" render={(r: RaRecord) => `group_${r.id}`} />
        <TextField source="name" />
        <ReferenceArrayField source="departmentIds" reference="admin/departments" sortable={false}>
          <SingleFieldList linkType={false}>
            <ChipField source="name" size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      </Datagrid>
    </List>
  </Titled>
);

const DepartmentGroupFields = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <ReferenceArrayInput source="departmentIds" reference="admin/departments" perPage={500}>
      <AutocompleteArrayInput optionText="name" />
    </ReferenceArrayInput>
  </>
);

export const DepartmentGroupCreate = () => (
  <CreatePage
    page="departmentGroups"
    schema={createDepartmentGroupSchema}
    defaults={{ departmentIds: [] }}
  >
    <DepartmentGroupFields />
  </CreatePage>
);

export const DepartmentGroupEdit = () => (
  <EditPage page="departmentGroups" schema={updateDepartmentGroupSchema} deletable={true}>
    <DepartmentGroupFields />
  </EditPage>
);

/* ---- customers (spec §3) ---- */

export const CustomerList = () => (
  <Titled page="customers">
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <ReferenceInput key="d" source="departmentId" reference="admin/departments">
          <SelectInput optionText="name" />
        </ReferenceInput>,
      ]}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={false}>
        <TextField source="id" />
        <TextField source="name" />
        <TextField source="alystraId" />
        <TextField source="alystraSubcustomer" />
        <ReferenceField source="departmentId" reference="admin/departments" link={false}>
          <TextField source="name" />
        </ReferenceField>
      </Datagrid>
    </List>
  </Titled>
);

const CustomerFields = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <ReferenceInput source="departmentId" reference="admin/departments" perPage={500}>
      <SelectInput optionText="name" />
    </ReferenceInput>
    <TextInput source="alystraId" />
    <TextInput source="alystraSubcustomer" />
    <TextInput source="orgNumber" />
    <TextInput source="customerCode" />
  </>
);

export const CustomerCreate = () => (
  <CreatePage page="customers" schema={createCustomerSchema}>
    <CustomerFields />
  </CreatePage>
);

export const CustomerEdit = () => (
  <EditPage page="customers" schema={updateCustomerSchema} deletable={false}>
    <CustomerFields />
  </EditPage>
);

/* ---- customer groups ---- */

export const CustomerGroupList = () => (
  <Titled page="customerGroups">
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={bulkDelete}>
        <TextField source="id" />
        <TextField source="name" />
        <ReferenceArrayField source="customerIds" reference="admin/customers" sortable={false}>
          <SingleFieldList linkType={false}>
            <ChipField source="name" size="small" />
          </SingleFieldList>
        </ReferenceArrayField>
      </Datagrid>
    </List>
  </Titled>
);

const CustomerGroupFields = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <ReferenceArrayInput source="customerIds" reference="admin/customers">
      <AutocompleteArrayInput optionText="name" />
    </ReferenceArrayInput>
  </>
);

export const CustomerGroupCreate = () => (
  <CreatePage
    page="customerGroups"
    schema={createCustomerGroupSchema}
    defaults={{ customerIds: [] }}
  >
    <CustomerGroupFields />
  </CreatePage>
);

export const CustomerGroupEdit = () => (
  <EditPage page="customerGroups" schema={updateCustomerGroupSchema} deletable={true}>
    <CustomerGroupFields />
  </EditPage>
);

/* ---- users (spec §1, §6) ---- */

function DepartmentAccessInput() {
  const { data = [] } = useDepartmentOptions();
  return (
    <AutocompleteArrayInput
      source="departmentIds"
      choices={data.map((d) => ({ id: d.id, name: d.group ? `${d.name} (${d.id})` : d.name }))}
    />
  );
}

export const UserList = () => (
  <Titled page="users">
    <List
      filters={[
        <SearchInput key="q" source="q" alwaysOn />,
        <SelectInput key="role" source="role" choices={choices(roles)} />,
      ]}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={bulkDelete}>
        <TextField source="id" />
        <TextField source="name" />
        <TextField source="phoneNumber" />
        <TextField source="email" />
        <TextField source="role" />
        <BooleanField source="requiresPwd" />
      </Datagrid>
    </List>
  </Titled>
);

const UserFields = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <TextInput source="phoneNumber" validate={required()} />
    <TextInput source="email" type="email" parse={(v: string) => (v === '' ? null : v)} />
    <SelectInput source="role" choices={choices(roles)} validate={required()} />
    <DepartmentAccessInput />
    <ReferenceInput source="customerId" reference="admin/customers">
      <SelectInput optionText="name" emptyValue={null} />
    </ReferenceInput>
    <BooleanInput source="requiresEmail" />
    <BooleanInput source="requiresPwd" />
    <CheckboxGroupInput source="access" choices={choices(accessFlags)} row={false} />
  </>
);

export const UserCreate = () => (
  <CreatePage
    page="users"
    schema={createUserSchema}
    defaults={{
      departmentIds: [],
      requiresEmail: false,
      requiresPwd: false,
      email: null,
      customerId: null,
    }}
  >
    <UserFields />
  </CreatePage>
);

export const UserEdit = () => (
  <EditPage page="users" schema={updateUserSchema} deletable={true}>
    <UserFields />
  </EditPage>
);

/* ---- roles (spec §6) ---- */

export const RoleList = () => (
  <Titled page="roles">
    <List
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'name', order: 'ASC' }}
    >
      <Datagrid rowClick="edit" bulkActionButtons={bulkDelete}>
        <TextField source="id" />
        <TextField source="name" />
        <TextField source="description" />
        <FunctionField
          source="access"
          sortable={false}
          render={(r: RaRecord) => (r.access as string[]).length}
        />
      </Datagrid>
    </List>
  </Titled>
);

const RoleFields = () => (
  <>
    <TextInput source="name" validate={required()} fullWidth />
    <TextInput source="description" multiline fullWidth />
    <CheckboxGroupInput source="access" choices={choices(accessFlags)} row={false} />
  </>
);

export const RoleCreate = () => (
  <CreatePage page="roles" schema={createRoleSchema} defaults={{ access: [], description: '' }}>
    <RoleFields />
  </CreatePage>
);

export const RoleEdit = () => (
  <EditPage page="roles" schema={updateRoleSchema} deletable={true}>
    <RoleFields />
  </EditPage>
);

/* ---- holidays (CREATE_HOLIDAY / DELETE_HOLIDAY) ---- */

export const HolidayList = () => (
  <Titled page="holidays">
    <List
      filters={[
        <SelectInput key="country" source="country" choices={countryChoices} alwaysOn />,
        <SelectInput key="type" source="type" choices={choices(holidayTypes)} />,
      ]}
      sort={{ field: 'date', order: 'ASC' }}
      perPage={50}
    >
      <Datagrid bulkActionButtons={bulkDelete}>
        <LocaleDateField source="date" />
        <TextField source="country" />
        <TextField source="type" />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  </Titled>
);

export const HolidayCreate = () => (
  <CreatePage page="holidays" schema={createHolidaySchema} defaults={{ type: 'PUBLIC_HOLIDAY' }}>
    <SelectInput source="country" choices={countryChoices} validate={required()} />
    <SelectInput source="type" choices={choices(holidayTypes)} validate={required()} />
    <LocaleDateInput source="date" validate={required()} />
  </CreatePage>
);

/* ---- number series (GSIN and SSCC) ---- */

export const NumberSeriesList = () => (
  <Titled page="numberSeries">
    <List sort={{ field: 'id', order: 'ASC' }}>
      <Datagrid bulkActionButtons={bulkDelete}>
        <TextField source="id" />
        <TextField source="name" />
        <TextField source="type" />
        <TextField source="companyPrefix" />
        <TextField source="extensionDigit" />
        <TextField source="firstSerial" />
        <TextField source="lastSerial" />
        <TextField source="nextValue" sortable={false} />
        <TextField source="remaining" sortable={false} />
        <DeleteButton mutationMode="pessimistic" />
      </Datagrid>
    </List>
  </Titled>
);

export const NumberSeriesCreate = () => (
  <CreatePage
    page="numberSeries"
    schema={createNumberSeriesSchema}
    defaults={{ name: '', extensionDigit: null, departmentId: null, customerId: null }}
  >
    <TextInput source="name" />
    <SelectInput source="type" choices={choices(numberSeriesTypes)} validate={required()} />
    <TextInput source="companyPrefix" validate={required()} />
    <TextInput source="extensionDigit" parse={(v: string) => (v === '' ? null : v)} />
    <NumberInput source="firstSerial" validate={required()} min={0} />
    <NumberInput source="lastSerial" validate={required()} min={0} />
    <ReferenceInput source="departmentId" reference="admin/departments">
      <SelectInput optionText="name" emptyValue={null} />
    </ReferenceInput>
  </CreatePage>
);
