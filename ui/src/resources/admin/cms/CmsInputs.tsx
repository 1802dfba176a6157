import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  cmsEffectiveState,
  cmsLanguages,
  cmsStates,
  roles,
  type CmsItemRow,
} from '@nordlog/contracts';
import { useMemo, useState, type ReactNode } from 'react';
import {
  CheckboxGroupInput,
  Create,
  Edit,
  SaveButton,
  SelectInput,
  SimpleForm,
  TextInput,
  Toolbar,
  DeleteButton,
  useLocale,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { useFormState } from 'react-hook-form';
import type { FieldValues, Resolver } from 'react-hook-form';
import type { z } from 'zod';
import type { CommandName } from '@nordlog/contracts';
import { useMayRun } from '../../../access/useMayRun';
import { cmsText } from '../../../content/content';
import { enumKey } from '../../../i18n/enums';
import { languageNames } from '../../../i18n/languageNames';
import { formatDateTime, normalizeLocale } from '../../../i18n/locales';
import { LocaleDateTimeInput } from '../../../inputs/LocaleDateTimeInput';
import { enumChoices } from '../common/fields';
import { Titled } from '../common/pages';
import { cmsFormSchema, keyedErrors } from './cmsForm';

/**
 * The parts every content form and list shares (docs/decisions/0077-content.md): the texts per
 * language (English first and required), the roles shown to, the state and its times.
 */

const resolverOf = (schema: z.ZodType): Resolver<FieldValues> =>
  zodResolver(schema as never, keyedErrors as never) as unknown as Resolver<FieldValues>;

/** The title and text of each language, a tab per language (English first: required). */
export function LanguageTexts() {
  const translate = useTranslate();
  const [tab, setTab] = useState(0);
  const { errors } = useFormState();
  const failing = (l: string) =>
    Boolean((errors.title as Record<string, unknown> | undefined)?.[l]) ||
    Boolean((errors.body as Record<string, unknown> | undefined)?.[l]);
  return (
    <Box sx={{ width: '100%', maxWidth: 800 }}>
      <Tabs
        value={tab}
        onChange={(_e, v: number) => setTab(v)}
        variant="scrollable"
        aria-label={translate('cms.fields.languages')}
      >
        {cmsLanguages.map((l, i) => (
          <Tab
            key={l}
            id={`cms-tab-${l}`}
            aria-controls={`cms-panel-${l}`}
            value={i}
            label={languageNames[l]}
            sx={failing(l) ? { color: 'error.main' } : undefined}
          />
        ))}
      </Tabs>
      {cmsLanguages.map((l, i) => (
        // Every language stays mounted (its values stay in the form); only one is shown.
        <Box
          key={l}
          role="tabpanel"
          id={`cms-panel-${l}`}
          aria-labelledby={`cms-tab-${l}`}
          hidden={tab !== i}
          sx={{ pt: 1 }}
        >
          <TextInput
            source={`title.${l}`}
            label={translate('cms.fields.titleIn', { language: languageNames[l] })}
            isRequired={l === 'en'}
            fullWidth
          />
          <TextInput
            source={`body.${l}`}
            label={translate('cms.fields.bodyIn', { language: languageNames[l] })}
            isRequired={l === 'en'}
            multiline
            minRows={3}
            fullWidth
          />
        </Box>
      ))}
    </Box>
  );
}

/** Who sees it, its state, and from and to when. */
export function PublicationInputs() {
  return (
    <>
      <CheckboxGroupInput source="targetRoles" choices={enumChoices('role', roles)} isRequired />
      <SelectInput source="state" choices={enumChoices('cmsState', cmsStates)} isRequired />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
        <LocaleDateTimeInput source="publishFrom" />
        <LocaleDateTimeInput source="publishTo" />
      </Box>
    </>
  );
}

/** Save, and delete (confirmed) for users who may. */
function CmsToolbar({ deleteCommand }: { deleteCommand: CommandName }) {
  const mayRun = useMayRun();
  return (
    <Toolbar sx={{ justifyContent: 'space-between' }}>
      <SaveButton />
      {mayRun(deleteCommand) ? <DeleteButton mutationMode="pessimistic" /> : null}
    </Toolbar>
  );
}

/** The form: the command's schema and the publication rules; the record's when editing. */
function CmsForm(props: {
  schema: z.ZodObject;
  deleteCommand?: CommandName;
  defaults?: Record<string, unknown>;
  children: ReactNode;
}) {
  const record = useRecordContext<CmsItemRow>();
  const { schema } = props;
  // The record's publication as loaded (the edit rules compare with it).
  const resolver = useMemo(
    () => resolverOf(cmsFormSchema(schema, record)),
    // The record's version, not its object (a refetch of the same version keeps the rules).
    [schema, record?.id, record?.revision],
  );
  return (
    <SimpleForm
      resolver={resolver}
      defaultValues={props.defaults}
      toolbar={props.deleteCommand ? <CmsToolbar deleteCommand={props.deleteCommand} /> : undefined}
    >
      {props.children}
    </SimpleForm>
  );
}

const newItem = { title: { en: '' }, body: { en: '' }, targetRoles: [], state: 'DRAFT' };

/** A create page of a content kind: back to the list on save. */
export function CmsCreate(props: {
  page: string;
  schema: z.ZodObject;
  defaults?: Record<string, unknown>;
  children: ReactNode;
}) {
  return (
    <Titled page={props.page}>
      <Create redirect="list">
        <CmsForm schema={props.schema} defaults={{ ...newItem, ...props.defaults }}>
          {props.children}
        </CmsForm>
      </Create>
    </Titled>
  );
}

/**
 * An edit page: checked as a whole item with the create command's schema (the update sends what
 * changed), saved only when the server accepted it; a refused field shows its reason on it.
 */
export function CmsEdit(props: {
  page: string;
  schema: z.ZodObject;
  deleteCommand: CommandName;
  children: ReactNode;
}) {
  return (
    <Titled page={props.page}>
      <Edit mutationMode="pessimistic" redirect="list">
        <CmsForm schema={props.schema} deleteCommand={props.deleteCommand}>
          {props.children}
        </CmsForm>
      </Edit>
    </Titled>
  );
}

/** The title in the user's language (else English). */
export function TitleField(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<CmsItemRow>();
  const locale = useLocale();
  return <span>{record ? cmsText(record.title, locale) : ''}</span>;
}

/** The state as users see it now (a scheduled item whose time came is published). */
export function StateField(_props: { label?: string; source?: string }) {
  const record = useRecordContext<CmsItemRow>();
  const translate = useTranslate();
  if (!record) return null;
  const state = cmsEffectiveState(record, new Date());
  const color = state === 'PUBLISHED' ? 'success' : state === 'SCHEDULED' ? 'info' : 'default';
  return <Chip size="small" color={color} label={translate(enumKey('cmsState', state))} />;
}

/** The roles an item is shown to, by their labels. */
export function RolesField(_props: { label?: string; sortable?: boolean }) {
  const record = useRecordContext<CmsItemRow>();
  const translate = useTranslate();
  return (
    <span>{(record?.targetRoles ?? []).map((r) => translate(enumKey('role', r))).join(', ')}</span>
  );
}

/** An instant in the user's format, or nothing. */
export function InstantField({ source }: { source: 'publishFrom' | 'publishTo'; label?: string }) {
  const record = useRecordContext<CmsItemRow>();
  const locale = normalizeLocale(useLocale());
  const value = record?.[source];
  return <span>{value ? formatDateTime(value, locale) : ''}</span>;
}
