import {
  expandServiceCode,
  serviceCodeTemplateIssue,
  updateServiceMappingSchema,
} from '@nordlog/contracts';
import { useWatch } from 'react-hook-form';
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  List,
  SearchInput,
  TextField,
  TextInput,
  useTranslate,
} from 'react-admin';
import { EditPage, ListActions, Titled, useRowClick } from '../common/pages';

/**
 * The services' mapping (spec §3 "Service mapping"; docs/decisions/0081): a row per transport
 * article of the catalogue, its two flags set here (the article itself is the prices' screen's).
 */
export function MappingList() {
  const rowClick = useRowClick('UPDATE_SERVICE_MAPPING');
  return (
    <Titled page="serviceMappings">
      <List
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        actions={<ListActions />}
        sort={{ field: 'code', order: 'ASC' }}
        perPage={50}
        empty={false}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={false}>
          <TextField source="code" />
          <TextField source="label" />
          <BooleanField source="active" sortable={false} />
          <BooleanField source="important" sortable={false} />
          <BooleanField source="allowFlexDelivery" sortable={false} />
          <TextField source="serviceCode" sortable={false} />
        </Datagrid>
      </List>
    </Titled>
  );
}

export function MappingEdit() {
  const translate = useTranslate();
  return (
    <EditPage page="serviceMappings" schema={updateServiceMappingSchema}>
      <p>{translate('texts.mappingHelp')}</p>
      {/* The article's code and name: shown, changed on the prices' screen. */}
      <TextInput source="code" disabled />
      <TextInput source="label" disabled sx={{ minWidth: 320 }} />
      <BooleanInput source="important" />
      <BooleanInput source="allowFlexDelivery" />
      <TextInput
        source="serviceCode"
        parse={(v: string) => (v.trim() === '' ? null : v)}
        helperText={<Expansion />}
        sx={{ minWidth: 320 }}
      />
    </EditPage>
  );
}

/** What the code template expands to (docs/decisions/0093), as the admin types it. */
function Expansion() {
  const translate = useTranslate();
  const template = useWatch<{ serviceCode?: string | null }>({ name: 'serviceCode' });
  // Until the template reads well, the placeholders it may hold (the label names only the field).
  if (!template || serviceCodeTemplateIssue(template) !== null)
    return <span>{translate('serviceCodes.legend')}</span>;
  const codes = expandServiceCode(template);
  return (
    <span data-testid="service-code-expansion">
      {translate('serviceCodes.expands', {
        count: codes.length,
        examples: codes.slice(0, 4).join(', '),
      })}
    </span>
  );
}
