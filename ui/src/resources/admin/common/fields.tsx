import {
  ReferenceField,
  TextField,
  useLocale,
  useRecordContext,
  useTranslate,
  type SelectInputProps,
} from 'react-admin';
import { enumKey, type EnumName } from '../../../i18n/enums';
import { formatDate, normalizeLocale } from '../../../i18n/locales';

/** Choices of an enum, labelled by their translations (react-admin translates choice names). */
export const enumChoices = (name: EnumName, values: readonly string[]) =>
  values.map((v) => ({ id: v, name: enumKey(name, v) }));

/** Choices shown as they are (ids that are names, such as GSIN and SSCC). */
export const plainChoices = (values: readonly string[]) => values.map((v) => ({ id: v, name: v }));

/**
 * An optional select: the form holds `null` for "none" (the commands' schemas take null), the
 * input holds '' (react-admin's select refuses a null empty value).
 */
export const nullableSelect: Pick<SelectInputProps, 'parse' | 'format'> = {
  parse: (value: unknown) => (value === '' || value === undefined ? null : value),
  format: (value: unknown) => (value === null || value === undefined ? '' : value),
};

/** Reference choices by name (react-admin's default is the newest first). */
export const BY_NAME = { field: 'name', order: 'ASC' } as const;

/** A text input whose empty text is stored as null (optional e-mail, extension digit). */
export const emptyAsNull = (value: string) => (value === '' ? null : value);

/** An enum value shown by its translated label (never the raw value). */
export function EnumField({ source, name }: { source: string; name: EnumName; label?: string }) {
  const record = useRecordContext();
  const translate = useTranslate();
  const value = record?.[source] as string | null | undefined;
  return <span>{value ? translate(enumKey(name, value), { _: value }) : ''}</span>;
}

/** A business date in the user's format (spec §9). */
export function LocaleDateField({ source }: { source: string; label?: string }) {
  const record = useRecordContext();
  const locale = normalizeLocale(useLocale());
  const value = record?.[source] as string | undefined;
  return <span>{value ? formatDate(value, locale) : ''}</span>;
}

/**
 * The name of the record an id column refers to (a department, customer, group), not linked. The
 * list's header reads `source` and `sortable` from this element, so they are props here too.
 */
export const ReferenceName = ({
  source,
  reference,
}: {
  source: string;
  reference: string;
  sortable?: boolean;
  label?: string;
}) => (
  <ReferenceField source={source} reference={reference} link={false} sortable={false}>
    <TextField source="name" />
  </ReferenceField>
);
