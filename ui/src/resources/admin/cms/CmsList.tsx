import type { CommandName } from '@nordlog/contracts';
import type { ReactNode } from 'react';
import { Datagrid, DeleteButton, List, TextInput } from 'react-admin';
import { useMayRun } from '../../../access/useMayRun';
import { ListActions, Titled, useBulkDelete, useRowClick } from '../common/pages';
import { InstantField, RolesField, StateField, TitleField } from './CmsInputs';
import { CmsLive } from './CmsLive';

/**
 * The list of one kind of content (docs/decisions/0077): its title, the kind's own columns
 * (`children`), the state as users see it, the roles, the publication times; live.
 */
export function CmsList(props: {
  page: string;
  resource: string;
  commands: { create: CommandName; update: CommandName; delete: CommandName };
  children?: ReactNode;
}) {
  const { commands } = props;
  const bulkDelete = useBulkDelete(commands.delete);
  const rowClick = useRowClick(commands.update);
  const mayRun = useMayRun();
  return (
    <Titled page={props.page}>
      <CmsLive>
        <List
          actions={<ListActions create={commands.create} />}
          sort={{ field: 'id', order: 'DESC' }}
          perPage={50}
          empty={false}
          filters={[<TextInput key="q" source="q" alwaysOn />]}
        >
          <Datagrid bulkActionButtons={bulkDelete} rowClick={rowClick}>
            <TitleField label="cms.fields.title" />
            {props.children}
            <StateField source="state" />
            <RolesField label={`resources.${props.resource}.fields.targetRoles`} />
            <InstantField source="publishFrom" />
            <InstantField source="publishTo" />
            {mayRun(commands.delete) ? <DeleteButton mutationMode="pessimistic" /> : null}
          </Datagrid>
        </List>
      </CmsLive>
    </Titled>
  );
}
