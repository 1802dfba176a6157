import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import {
  Controller,
  FormProvider,
  useFormContext,
  type FieldValues,
  type Path,
  type UseFormReturn,
} from 'react-hook-form';
import { useParams } from 'react-router-dom';
import { errorMessages, HttpFailure } from '../../errors/parse';
import { enumKey, type EnumName } from '../../i18n/enums';
import { useDepartmentOptions, type DepartmentOption } from '../../layout/useDepartments';

/** A choice of a select: its value and what the user reads. */
export interface Choice {
  value: string;
  label: string;
}

/**
 * The departments of a planner screen: the ones the route's department (or group) stands for,
 * every plain department the user sees (for the forms' selects), their names, and the department
 * a new entity starts in (the route's own, else the group's first).
 */
export function useScreenDepartments() {
  const { departmentId: param = '' } = useParams();
  const options = useDepartmentOptions();
  const all: DepartmentOption[] = options.data ?? [];
  const plain = all.filter((d) => !d.group);
  const members = all.find((d) => d.id === param)?.members ?? [];
  const names = new Map(plain.map((d) => [d.id, d.name]));
  const countries = new Map(plain.map((d) => [d.id, d.country]));
  return {
    param,
    members,
    ready: options.data !== undefined,
    choices: plain.map((d): Choice => ({ value: d.id, label: d.name })),
    nameOf: (id: string | null | undefined) => (id ? (names.get(id) ?? id) : ''),
    /** The department's country (an address search's restriction), when known. */
    countryOf: (id: string) => countries.get(id),
    initial: plain.some((d) => d.id === param) ? param : (members[0] ?? plain[0]?.id ?? ''),
  };
}

/** The translated choices of an enum (no screen shows a raw value). */
export function useEnumChoices(name: EnumName, values: readonly string[]): Choice[] {
  const translate = useTranslate();
  return values.map((v) => ({ value: v, label: translate(enumKey(name, v)) }));
}

/** A failed command as the form's error banner says it (spec §8 messages, field rules included). */
export function useFailureText(): (err: unknown) => string {
  const translate = useTranslate();
  const has = (key: string) => translate(key, { _: '\u0000' }) !== '\u0000';
  return (err) =>
    err instanceof HttpFailure
      ? errorMessages(err.errors, err.status, (k, o) => translate(k, o), has).join(' ')
      : translate('errors.server');
}

/**
 * A fleet form (unit, vehicle, courier): the form's sections as children, all disabled while not
 * editable, the failure above them, and Save (with any other actions) below them.
 */
export function FleetForm<T extends FieldValues>({
  form,
  label,
  onSave,
  editable,
  saving,
  failure,
  actions,
  children,
}: {
  form: UseFormReturn<T>;
  label: string;
  onSave: (values: T) => Promise<void>;
  editable: boolean;
  saving: boolean;
  failure: string | null;
  /** Shown beside Save. */
  actions?: ReactNode;
  children: ReactNode;
}) {
  const translate = useTranslate();
  return (
    <FormProvider {...form}>
      <Box
        component="form"
        noValidate
        aria-label={label}
        onSubmit={(e) => void form.handleSubmit(onSave)(e)}
      >
        <fieldset disabled={!editable} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
          <Stack spacing={2}>
            {failure ? (
              <Alert severity="error" role="alert" data-testid="form-error">
                {failure}
              </Alert>
            ) : null}
            {children}
            {editable ? (
              <Stack direction="row" spacing={1}>
                <Button type="submit" variant="contained" disabled={saving}>
                  {translate('fleet.actions.save')}
                </Button>
                {actions}
              </Stack>
            ) : null}
          </Stack>
        </fieldset>
      </Box>
    </FormProvider>
  );
}

/** A titled part of a form (a section with its heading, for screen readers too). */
export function FormSection({
  id,
  title,
  children,
}: {
  id: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <Paper component="section" aria-labelledby={id} variant="outlined" sx={{ p: 2 }}>
      <Typography id={id} variant="h6" component="h2" sx={{ mb: 1.5 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/** A field error in the user's language (the rules report `validation.*` keys). */
export function useErrorText() {
  const translate = useTranslate();
  return (message: string | undefined) =>
    message === undefined
      ? undefined
      : translate(message.startsWith('validation.') ? message : 'validation.invalid');
}

type TextProps<T extends FieldValues> = Omit<TextFieldProps, 'name' | 'label'> & {
  name: Path<T>;
  label: string;
  /** A select of these choices (an optional one offers `empty`, which holds ''). */
  choices?: readonly Choice[];
  empty?: string;
  /** Called after the user changes the value (e.g. to drop the point of an edited street). */
  onEdited?: () => void;
};

/** A text field, or a select with `choices`, of the form, with its error below it. */
export function FormText<T extends FieldValues>({
  name,
  label,
  choices,
  empty,
  helperText,
  onChange,
  onEdited,
  ...rest
}: TextProps<T>) {
  const { control } = useFormContext<T>();
  const errorText = useErrorText();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          {...rest}
          name={field.name}
          value={field.value ?? ''}
          inputRef={field.ref}
          onBlur={field.onBlur}
          // A field with its own onChange sets the form's value itself (the break type does).
          onChange={(e) => {
            if (onChange) onChange(e);
            else field.onChange(e.target.value);
            onEdited?.();
          }}
          select={choices !== undefined}
          label={label}
          size="small"
          fullWidth
          error={fieldState.error !== undefined}
          helperText={errorText(fieldState.error?.message) ?? helperText}
        >
          {empty !== undefined ? <MenuItem value="">{empty}</MenuItem> : null}
          {choices?.map((c) => (
            <MenuItem key={c.value} value={c.value}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** A select of several choices (ids), shown by their labels. */
export function FormMultiSelect<T extends FieldValues>({
  name,
  label,
  choices,
}: {
  name: Path<T>;
  label: string;
  choices: readonly Choice[];
}) {
  const { control } = useFormContext<T>();
  const errorText = useErrorText();
  const labels = new Map(choices.map((c) => [c.value, c.label]));
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          select
          name={field.name}
          label={label}
          size="small"
          fullWidth
          value={field.value ?? []}
          inputRef={field.ref}
          onBlur={field.onBlur}
          onChange={(e) => {
            const value = e.target.value as unknown;
            field.onChange(typeof value === 'string' ? value.split(',') : value);
          }}
          error={fieldState.error !== undefined}
          helperText={errorText(fieldState.error?.message)}
          slotProps={{
            select: {
              multiple: true,
              renderValue: (selected) =>
                (selected as string[]).map((id) => labels.get(id) ?? id).join(', '),
            },
          }}
        >
          {choices.map((c) => (
            <MenuItem key={c.value} value={c.value}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/** A checkbox of the form. */
export function FormCheck<T extends FieldValues>({
  name,
  label,
  disabled,
}: {
  name: Path<T>;
  label: string;
  disabled?: boolean;
}) {
  const { control } = useFormContext<T>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          label={label}
          disabled={disabled}
          control={
            <Checkbox
              name={field.name}
              checked={field.value === true}
              inputRef={field.ref}
              onBlur={field.onBlur}
              onChange={(e) => field.onChange(e.target.checked)}
            />
          }
        />
      )}
    />
  );
}
