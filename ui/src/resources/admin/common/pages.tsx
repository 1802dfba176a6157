import { zodResolver } from '@hookform/resolvers/zod';
import type { CommandName } from '@nordlog/contracts';
import type { ReactElement, ReactNode } from 'react';
import {
  BulkDeleteButton,
  Create,
  CreateButton,
  DeleteButton,
  Edit,
  ExportButton,
  FilterButton,
  SaveButton,
  SimpleForm,
  Toolbar,
  TopToolbar,
} from 'react-admin';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import { useMayRun } from '../../../access/useMayRun';
import { usePageTitle } from '../../../layout/pageTitle';

/** The same zod schema the command service applies (spec: the same rules in the form). */
export const resolver = (schema: z.ZodType): Resolver<FieldValues> =>
  zodResolver(schema as never) as unknown as Resolver<FieldValues>;

/** Sets the tab title of an admin page (spec §2: site name plus the page). */
export function Titled({ page, children }: { page: string; children: ReactElement }) {
  usePageTitle(page);
  return children;
}

/**
 * A list's toolbar: filters, create (only for users the server lets create) and export.
 */
export function ListActions({ create, filters }: { create?: CommandName; filters?: boolean }) {
  const mayRun = useMayRun();
  return (
    <TopToolbar>
      {filters ? <FilterButton /> : null}
      {create && mayRun(create) ? <CreateButton /> : null}
      <ExportButton />
    </TopToolbar>
  );
}

/** Bulk delete for users who may run the delete command; none otherwise. */
export function useBulkDelete(command: CommandName | undefined): ReactElement | false {
  const mayRun = useMayRun();
  return command && mayRun(command) ? <BulkDeleteButton mutationMode="pessimistic" /> : false;
}

/** Edit toolbar: save, and delete behind a confirm dialog when the user may delete. */
function EditToolbar({ deleteCommand }: { deleteCommand?: CommandName }) {
  const mayRun = useMayRun();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {deleteCommand && mayRun(deleteCommand) ? <DeleteButton mutationMode="pessimistic" /> : null}
    </Toolbar>
  );
}

/** A create page: the form checked by the command's zod schema, back to the list on save. */
export function CreatePage(props: {
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
export function EditPage(props: {
  page: string;
  schema: z.ZodType;
  deleteCommand?: CommandName;
  children: ReactNode;
}) {
  return (
    <Titled page={props.page}>
      <Edit mutationMode="pessimistic" redirect="list">
        <SimpleForm
          resolver={resolver(props.schema)}
          toolbar={<EditToolbar deleteCommand={props.deleteCommand} />}
        >
          {props.children}
        </SimpleForm>
      </Edit>
    </Titled>
  );
}

/** A row opens its edit page only for users who may run the update command. */
export function useRowClick(command: CommandName | undefined): 'edit' | false {
  const mayRun = useMayRun();
  return command && mayRun(command) ? 'edit' : false;
}
