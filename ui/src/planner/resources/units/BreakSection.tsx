import CheckIcon from '@mui/icons-material/Check';
import DeleteIcon from '@mui/icons-material/Delete';
import EditIcon from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { isoToMinutes, type BreakType } from '@nordlog/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { useShell } from '../../../app/UserContext';
import { enumKey } from '../../../i18n/enums';
import { TimeField } from '../../../inputs/LazyPickers';
import { FormSection, FormText } from '../common';
import {
  breakFields,
  breakIssues,
  breakOf,
  breakTypeOptions,
  clearedBreak,
  maxWorkingTimeOptions,
  type UnitFormValues,
} from './unitForm';

/**
 * The break-time section of the courier/unit form (spec §2): the break as a row in view mode, with
 * edit and delete icons, or in edit mode with its inputs. Break types none, time window and
 * working time (working time only with the feature, spec §4); switching the type clears every
 * break field; durations are typed in minutes.
 */
export function BreakSection() {
  const translate = useTranslate();
  const { features } = useShell();
  const form = useFormContext<UnitFormValues>();
  const type = useWatch({ control: form.control, name: 'breakType' });
  const [editing, setEditing] = useState(false);
  const t = (key: string, options?: object) => translate(`fleet.break.${key}`, options);

  const setType = (next: BreakType) => {
    form.setValue('breakType', next, { shouldDirty: true });
    for (const [field, value] of Object.entries(clearedBreak()))
      form.setValue(field as (typeof breakFields)[number], value, { shouldDirty: true });
    form.clearErrors([...breakFields]);
  };
  const done = () => {
    const issues = breakIssues(form.getValues());
    form.clearErrors([...breakFields]);
    for (const [field, message] of Object.entries(issues))
      form.setError(field as (typeof breakFields)[number], { type: 'break', message });
    if (Object.keys(issues).length === 0) setEditing(false);
  };
  const remove = () => {
    setType('NoBreakTime');
    setEditing(false);
  };

  return (
    <FormSection id="break-title" title={translate('fleet.sections.break')}>
      {editing ? (
        <Stack spacing={1.5} data-testid="break-edit">
          <Grid container spacing={1.5}>
            <Grid size={{ xs: 12, md: 4 }}>
              <FormText<UnitFormValues>
                name="breakType"
                label={t('type')}
                choices={breakTypeOptions(features, type).map((b) => ({
                  value: b,
                  label: translate(enumKey('breakType', b)),
                }))}
                onChange={(e) => setType(e.target.value as BreakType)}
              />
            </Grid>
            {type === 'TimeWindow' ? (
              <>
                <Grid size={{ xs: 6, md: 2.5 }}>
                  <BreakTime name="breakEarliest" label={t('earliest')} />
                </Grid>
                <Grid size={{ xs: 6, md: 2.5 }}>
                  <BreakTime name="breakLatest" label={t('latest')} />
                </Grid>
                <Grid size={{ xs: 12, md: 3 }}>
                  <FormText<UnitFormValues>
                    name="breakTimeWindowDuration"
                    label={t('duration')}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  />
                </Grid>
              </>
            ) : null}
            {type === 'WorkingTime' ? (
              <>
                <Grid size={{ xs: 6, md: 4 }}>
                  <FormText<UnitFormValues>
                    name="breakMaxWorkingTime"
                    label={t('maxWorkingTime')}
                    choices={maxWorkingTimeOptions.map((h) => ({
                      value: String(h),
                      label: t('hours', { smart_count: h }),
                    }))}
                  />
                </Grid>
                <Grid size={{ xs: 6, md: 4 }}>
                  <FormText<UnitFormValues>
                    name="breakWorkingTimeDuration"
                    label={t('duration')}
                    slotProps={{ htmlInput: { inputMode: 'numeric' } }}
                  />
                </Grid>
              </>
            ) : null}
          </Grid>
          <Box>
            <Button variant="outlined" startIcon={<CheckIcon />} onClick={done}>
              {t('done')}
            </Button>
          </Box>
        </Stack>
      ) : (
        <Stack direction="row" spacing={1} alignItems="center" data-testid="break-row">
          <Typography sx={{ flexGrow: 1 }}>{summary(form.getValues(), translate)}</Typography>
          {type === 'NoBreakTime' ? (
            <Button
              variant="outlined"
              onClick={() => {
                setType('TimeWindow');
                setEditing(true);
              }}
            >
              {t('add')}
            </Button>
          ) : (
            <>
              <IconButton aria-label={t('edit')} title={t('edit')} onClick={() => setEditing(true)}>
                <EditIcon />
              </IconButton>
              <IconButton aria-label={t('delete')} title={t('delete')} onClick={remove}>
                <DeleteIcon />
              </IconButton>
            </>
          )}
        </Stack>
      )}
    </FormSection>
  );
}

/** The break as one line of text (view mode). */
function summary(values: UnitFormValues, translate: (k: string, o?: object) => string): string {
  const b = breakOf(values);
  const minutes = 'duration' in b ? (isoToMinutes(b.duration) ?? '') : '';
  switch (b.type) {
    case 'TimeWindow':
      return translate('fleet.break.timeWindow', {
        earliest: b.earliest,
        latest: b.latest,
        minutes,
      });
    case 'WorkingTime':
      return translate('fleet.break.workingTime', {
        hours: values.breakMaxWorkingTime,
        minutes,
      });
    case 'NoBreakTime':
      return translate('fleet.break.none');
  }
}

/** A break start time (HH:mm, the app's 24-hour picker). */
function BreakTime({ name, label }: { name: 'breakEarliest' | 'breakLatest'; label: string }) {
  const translate = useTranslate();
  const { control } = useFormContext<UnitFormValues>();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field, fieldState }) => (
        <TimeField
          name={field.name}
          label={label}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={fieldState.error !== undefined}
          helperText={fieldState.error?.message ? translate(fieldState.error.message) : undefined}
          fullWidth
        />
      )}
    />
  );
}
