import { articleKinds, createArticleSchema, updateArticleSchema } from '@nordlog/contracts';
import {
  BooleanField,
  BooleanInput,
  Datagrid,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TextInput,
  required,
} from 'react-admin';
import { EnumField, emptyAsNull, enumChoices } from '../common/fields';
import {
  CreatePage,
  EditPage,
  ListActions,
  Titled,
  useBulkDelete,
  useRowClick,
} from '../common/pages';

/** The article catalogue (docs/decisions/0030-prices.md): what a price list can price. */
export function ArticleList() {
  const bulkDelete = useBulkDelete('DELETE_ARTICLE');
  const rowClick = useRowClick('UPDATE_ARTICLE');
  return (
    <Titled page="articles">
      <List
        filters={[<SearchInput key="q" source="q" alwaysOn />]}
        actions={<ListActions create="CREATE_ARTICLE" />}
        sort={{ field: 'code', order: 'ASC' }}
      >
        <Datagrid rowClick={rowClick} bulkActionButtons={bulkDelete}>
          <TextField source="code" />
          <TextField source="label" />
          <EnumField source="kind" name="articleKind" />
          <TextField source="vasCode" sortable={false} />
          <TextField source="group" />
          <BooleanField source="active" sortable={false} />
        </Datagrid>
      </List>
    </Titled>
  );
}

const Shared = () => (
  <>
    <TextInput source="label" validate={required()} fullWidth />
    <TextInput source="vasCode" parse={emptyAsNull} helperText="resources.admin/articles.vasHint" />
    <TextInput source="group" validate={required()} />
    <BooleanInput source="active" />
  </>
);

export const ArticleCreate = () => (
  <CreatePage
    page="articles"
    schema={createArticleSchema}
    defaults={{ vasCode: null, active: true, group: 'TRANSPORT' }}
  >
    <TextInput source="code" validate={required()} />
    <SelectInput
      source="kind"
      choices={enumChoices('articleKind', articleKinds)}
      validate={required()}
    />
    <Shared />
  </CreatePage>
);

/** The code and kind stay: price lists and order lines name the article by its code. */
export const ArticleEdit = () => (
  <EditPage page="articles" schema={updateArticleSchema} deleteCommand="DELETE_ARTICLE">
    <TextInput source="code" disabled />
    <SelectInput source="kind" choices={enumChoices('articleKind', articleKinds)} disabled />
    <Shared />
  </EditPage>
);
