import {
  MAX_UPSALES_WEIGHT_KG,
  createUpsalesRuleSchema,
  updateUpsalesRuleSchema,
} from '@nordlog/contracts';
import {
  AutocompleteArrayInput,
  AutocompleteInput,
  BooleanInput,
  Datagrid,
  FunctionField,
  List,
  NumberInput,
  ReferenceArrayInput,
  ReferenceInput,
  SearchInput,
  TextField,
  TextInput,
  required,
  useTranslate,
} from 'react-admin';
import { BY_NAME, emptyAsNull } from '../common/fields';
import {
  CreatePage,
  EditPage,
  ListActions,
  Titled,
  useBulkDelete,
  useRowClick,
} from '../common/pages';
import { EnabledSwitch } from './EnabledSwitch';

type Article = { code: string; label: string };
const articleText = (a: Article) => `${a.code} – ${a.label}`;

/** The upsales rules by priority, each with its switch (docs/decisions/0087). */
export function UpsalesList() {
  const bulkDelete = useBulkDelete('DELETE_UPSALES_RULE');
  const rowClick = useRowClick('UPDATE_UPSALES_RULE');
  const translate = useTranslate();
  return (
    <Titled page="upsalesRules">
      <List
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        actions={<ListActions create="CREATE_UPSALES_RULE" />}
        sort={{ field: 'priority', order: 'ASC' }}
        perPage={50}
        empty={false}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={bulkDelete}>
          <TextField source="priority" />
          <TextField source="name" />
          <FunctionField
            source="serviceCodes"
            sortable={false}
            render={(r: { serviceCodes: string[] }) =>
              r.serviceCodes.length === 0
                ? translate('upsales.anyService')
                : r.serviceCodes.join(', ')
            }
          />
          <FunctionField
            source="customerIds"
            sortable={false}
            render={(r: { customerIds: string[]; customerGroupIds: string[] }) =>
              r.customerIds.length + r.customerGroupIds.length === 0
                ? translate('upsales.everyone')
                : translate('upsales.some', {
                    customers: r.customerIds.length,
                    groups: r.customerGroupIds.length,
                  })
            }
          />
          <EnabledSwitch source="enabled" />
        </Datagrid>
      </List>
    </Titled>
  );
}

/** A rule's extra, conditions, wording and priority. */
function RuleFields() {
  const translate = useTranslate();
  return (
    <>
      <p>{translate('upsales.help')}</p>
      <TextInput source="name" validate={required()} sx={{ minWidth: 320 }} />
      {/* The extra: a value-added service (SERVICE article) of the catalogue. */}
      <ReferenceInput
        source="articleId"
        reference="admin/articles"
        filter={{ kind: 'SERVICE' }}
        perPage={1000}
        sort={{ field: 'code', order: 'ASC' }}
      >
        <AutocompleteInput optionText={articleText} validate={required()} sx={{ minWidth: 320 }} />
      </ReferenceInput>
      {/* The services booked: transport articles, named by code (none: any service). */}
      <ReferenceArrayInput
        source="serviceCodes"
        reference="admin/articles"
        filter={{ kind: 'FREIGHT' }}
        perPage={1000}
        sort={{ field: 'code', order: 'ASC' }}
        queryOptions={{ meta: { key: 'code' } }}
      >
        <AutocompleteArrayInput optionText={articleText} sx={{ minWidth: 320 }} />
      </ReferenceArrayInput>
      {/* Searched on the server as typed: a company has more customers than a list shows. */}
      <ReferenceArrayInput source="customerIds" reference="admin/customers" sort={BY_NAME}>
        <AutocompleteArrayInput optionText="name" sx={{ minWidth: 320 }} />
      </ReferenceArrayInput>
      <ReferenceArrayInput
        source="customerGroupIds"
        reference="admin/customerGroups"
        perPage={1000}
        sort={BY_NAME}
      >
        <AutocompleteArrayInput optionText="name" sx={{ minWidth: 320 }} />
      </ReferenceArrayInput>
      <NumberInput
        source="weightFromKg"
        min={0}
        max={MAX_UPSALES_WEIGHT_KG}
        sx={{ minWidth: 320 }}
      />
      <NumberInput source="weightToKg" min={0} max={MAX_UPSALES_WEIGHT_KG} sx={{ minWidth: 320 }} />
      <TextInput source="postalCodeFrom" parse={emptyAsNull} sx={{ minWidth: 320 }} />
      <TextInput source="postalCodeTo" parse={emptyAsNull} sx={{ minWidth: 320 }} />
      <TextInput
        source="textKey"
        parse={emptyAsNull}
        helperText={translate('upsales.textKeyHelp')}
        sx={{ minWidth: 320 }}
      />
      <NumberInput source="priority" min={1} max={999} step={1} sx={{ minWidth: 320 }} />
    </>
  );
}

export const UpsalesCreate = () => (
  <CreatePage
    page="upsalesRules"
    schema={createUpsalesRuleSchema}
    defaults={{
      serviceCodes: [],
      customerIds: [],
      customerGroupIds: [],
      weightFromKg: null,
      weightToKg: null,
      postalCodeFrom: null,
      postalCodeTo: null,
      textKey: null,
      priority: 10,
      enabled: true,
    }}
  >
    <RuleFields />
    <BooleanInput source="enabled" />
  </CreatePage>
);

export const UpsalesEdit = () => (
  <EditPage
    page="upsalesRules"
    schema={updateUpsalesRuleSchema}
    deleteCommand="DELETE_UPSALES_RULE"
  >
    <RuleFields />
  </EditPage>
);
