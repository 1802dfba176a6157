import { DateField, TimeField } from '../inputs/LazyPickers';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField, { type TextFieldProps } from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { Controller, useFormContext, type Path } from 'react-hook-form';
import type { FormValues } from './formModel';

/** A field error as the user reads it: the rule's key in their language (spec §8 form messages). */
export function useErrorText(): (message: string | undefined) => string | undefined {
  const translate = useTranslate();
  return (message) =>
    message === undefined
      ? undefined
      : translate(message.startsWith('validation.') ? message : 'validation.invalid');
}

type FieldProps = Omit<TextFieldProps, 'name'> & {
  name: Path<FormValues>;
  label: string;
  /** Called after the user changes the value (e.g. to drop coordinates of an edited address). */
  onEdited?: () => void;
  options?: readonly { value: string; label: string }[];
  /** Longest text the field takes (the schema's limit): the input stops there and counts. */
  maxLength?: number;
};

/** A text field of the order form with its error beside it (UI.md: errors beside the field). */
export function Field({
  name,
  label,
  onEdited,
  options,
  helperText,
  maxLength,
  ...rest
}: FieldProps) {
  const { control } = useFormContext<FormValues>();
  const errorText = useErrorText();
  const translate = useTranslate();
  const counter = (value: unknown) => {
    const count = typeof value === 'string' ? value.length : 0;
    return maxLength === undefined || count === 0
      ? undefined
      : translate('app.characterCount', { count, max: maxLength });
  };
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
          onChange={(e) => {
            field.onChange(e.target.value);
            onEdited?.();
          }}
          select={options !== undefined}
          label={label}
          size="small"
          fullWidth
          error={fieldState.error !== undefined}
          helperText={errorText(fieldState.error?.message) ?? helperText ?? counter(field.value)}
          slotProps={{
            ...rest.slotProps,
            ...(maxLength === undefined ? {} : { htmlInput: { maxLength } }),
            // A label cut off in a narrow column shows in full on hover.
            ...(typeof label === 'string' ? { inputLabel: { title: label } } : {}),
          }}
        >
          {options?.map((o) => (
            <MenuItem key={o.value} value={o.value}>
              {o.label}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

/**
 * A date or time of the order form in the user's format and on the 24-hour clock, whatever the
 * browser's language (issue 13); the form holds `yyyy-MM-dd` and `HH:mm` as the API does.
 */
export function PickerField({
  name,
  label,
  kind,
}: {
  name: Path<FormValues>;
  label: string;
  kind: 'date' | 'time';
}) {
  const { control } = useFormContext<FormValues>();
  const errorText = useErrorText();
  const Picker = kind === 'date' ? DateField : TimeField;
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <Picker
          name={field.name}
          label={label}
          value={typeof field.value === 'string' ? field.value : ''}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error !== undefined}
          helperText={errorText(fieldState.error?.message)}
          fullWidth
        />
      )}
    />
  );
}

/** A checkbox of the order form. */
export function CheckField({ name, label }: { name: Path<FormValues>; label: ReactNode }) {
  const { control } = useFormContext<FormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          control={
            <Checkbox
              name={field.name}
              checked={field.value === true}
              inputRef={field.ref}
              onChange={(e) => field.onChange(e.target.checked)}
            />
          }
          label={label}
        />
      )}
    />
  );
}
