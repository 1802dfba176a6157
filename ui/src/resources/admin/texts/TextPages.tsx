import {
  createTextSchema,
  textGroups,
  textLanguages,
  textPlaceholders,
  updateTextSchema,
  type TextGroup,
} from '@nordlog/contracts';
import {
  Datagrid,
  FunctionField,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  required,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useWatch } from 'react-hook-form';
import {
  CreatePage,
  EditPage,
  ListActions,
  Titled,
  useBulkDelete,
  useRowClick,
} from '../common/pages';

/** The groups as choices, in the user's language. */
function useGroupChoices() {
  const translate = useTranslate();
  return textGroups.map((g) => ({ id: g, name: translate(`texts.group.${g}`) }));
}

/** The texts of services, value-added services, labels and booking (docs/decisions/0081). */
export function TextList() {
  const bulkDelete = useBulkDelete('DELETE_TEXT');
  const rowClick = useRowClick('UPDATE_TEXT');
  const groups = useGroupChoices();
  const translate = useTranslate();
  return (
    <Titled page="texts">
      <List
        filters={[
          <SelectInput key="group" source="group" choices={groups} alwaysOn />,
          <SearchInput key="q" source="q" alwaysOn />,
        ]}
        actions={<ListActions create="CREATE_TEXT" />}
        sort={{ field: 'key', order: 'ASC' }}
        perPage={50}
        empty={false}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={bulkDelete}>
          <FunctionField
            source="group"
            render={(r: { group: TextGroup }) => translate(`texts.group.${r.group}`)}
          />
          <TextField source="key" />
          <TextField source="texts.en" sortable={false} />
        </Datagrid>
      </List>
    </Titled>
  );
}

/** The placeholders the text's group knows (the server refuses any other). */
function PlaceholderHint() {
  const translate = useTranslate();
  const record = useRecordContext<{ group?: TextGroup }>();
  const watched = useWatch<{ group?: TextGroup }>({ name: 'group' });
  const group = watched ?? record?.group;
  if (!group || !textGroups.includes(group)) return null;
  const names = textPlaceholders[group];
  return (
    <p>
      {names.length === 0
        ? translate('texts.noPlaceholders')
        : translate('texts.placeholders', { list: names.map((n) => `{${n}}`).join(', ') })}
    </p>
  );
}

/** The key and the wording of each language (English first: required). */
function TextFields() {
  const translate = useTranslate();
  return (
    <>
      <p>{translate('texts.help')}</p>
      <TextInput source="key" validate={required()} sx={{ minWidth: 320 }} />
      <PlaceholderHint />
      {textLanguages.map((l) => (
        <TextInput
          key={l}
          source={`texts.${l}`}
          validate={l === 'en' ? required() : undefined}
          multiline
          fullWidth
          sx={{ maxWidth: 800 }}
        />
      ))}
    </>
  );
}

export function TextCreate() {
  const groups = useGroupChoices();
  return (
    <CreatePage
      page="texts"
      schema={createTextSchema}
      defaults={{ group: 'SERVICE', texts: { en: '', nb: '', sv: '', da: '', fi: '', fr: '' } }}
    >
      <SelectInput source="group" choices={groups} validate={required()} />
      <TextFields />
    </CreatePage>
  );
}

export function TextEdit() {
  const groups = useGroupChoices();
  return (
    <EditPage page="texts" schema={updateTextSchema} deleteCommand="DELETE_TEXT">
      {/* A text stays in its group: shown, not changed. */}
      <SelectInput source="group" choices={groups} disabled />
      <TextFields />
    </EditPage>
  );
}
