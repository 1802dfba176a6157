import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import type { CourierRow } from '@nordlog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Controller, useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useMayRun } from '../../../access/useMayRun';
import { HttpFailure } from '../../../errors/parse';
import { DateField } from '../../../inputs/LazyPickers';
import { sendCommand } from '../../../shell/api';
import {
  FleetForm,
  FormCheck,
  FormMultiSelect,
  FormSection,
  FormText,
  useFailureText,
  useScreenDepartments,
} from '../common';
import { useFleetRows } from '../units/UnitList';
import {
  changedCourier,
  courierFormIssues,
  courierPayload,
  courierToForm,
  emptyCourierForm,
  type CourierFormField,
  type CourierFormValues,
} from './courierForm';

const resolver: Resolver<CourierFormValues> = (values) => {
  const issues = courierFormIssues(values);
  if (Object.keys(issues).length === 0) return { values, errors: {} };
  const errors = Object.fromEntries(
    Object.entries(issues).map(([field, message]) => [field, { type: 'rule', message }]),
  );
  return { values: {}, errors: errors as FieldErrors<CourierFormValues> };
};

/**
 * The courier user form (spec §3 "Courier user"): checked by the contracts' schema, so secure
 * log-in needs a date of birth here as on the server (spec §5).
 */
export function CourierForm({ courier }: { courier: CourierRow | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayRun = useMayRun();
  const failureText = useFailureText();
  const departments = useScreenDepartments();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<CourierFormValues>({
    defaultValues: courier ? courierToForm(courier) : emptyCourierForm(departments.initial),
    resolver,
    mode: 'onTouched',
  });
  const revision = courier?.revision;
  useEffect(() => {
    if (courier) form.reset(courierToForm(courier));
  }, [courier?.id, revision]);
  const departmentId = useWatch({ control: form.control, name: 'departmentId' });
  const units = useFleetRows('units', departmentId ? [departmentId] : [], false);
  const chosen = form.getValues('unitIds');
  const unitChoices = [
    ...(units.data ?? []).map((u) => ({ value: u.id, label: u.name })),
    ...chosen
      .filter((id) => !(units.data ?? []).some((u) => u.id === id))
      .map((id) => ({ value: id, label: id })),
  ];
  const f = (key: string) => translate(`fleet.fields.${key}`);
  const command = courier ? 'UPDATE_COURIER_USER' : 'CREATE_COURIER_USER';
  const editable = mayRun(command);

  const save = async (values: CourierFormValues) => {
    setSaving(true);
    setFailure(null);
    try {
      const payload = courierPayload(values);
      if (courier) {
        const changes = changedCourier(courier, payload);
        if (Object.keys(changes).length > 1) await sendCommand('UPDATE_COURIER_USER', changes);
      } else {
        const answer = await sendCommand('CREATE_COURIER_USER', payload);
        await navigate(`/planner/${departments.param}/couriers/${answer.ids[0]}`, {
          replace: true,
        });
      }
      await queryClient.invalidateQueries({ queryKey: ['couriers'] });
      notify(translate('fleet.actions.saved'), { type: 'info' });
    } catch (err) {
      if (!(err instanceof HttpFailure)) throw err;
      for (const e of err.errors) {
        const field = e.params?.field;
        const key = e.params?.key;
        if (typeof field === 'string' && field in values && typeof key === 'string')
          form.setError(field as CourierFormField, { type: 'server', message: key });
      }
      setFailure(`${translate('fleet.saveFailed')} ${failureText(err)}`);
    } finally {
      setSaving(false);
    }
  };

  return (
    <FleetForm
      form={form}
      label={translate(`fleet.couriers.${courier ? 'edit' : 'new'}`)}
      onSave={save}
      editable={editable}
      saving={saving}
      failure={failure}
    >
      <FormSection id="courier-title" title={translate('fleet.sections.courier')}>
        <Grid container spacing={1.5}>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormText<CourierFormValues> name="name" label={f('name')} required />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormText<CourierFormValues>
              name="phoneNumber"
              label={f('phoneNumber')}
              type="tel"
              required
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormText<CourierFormValues> name="email" label={f('email')} type="email" />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormText<CourierFormValues>
              name="departmentId"
              label={f('departmentId')}
              choices={departments.choices}
              required
            />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <FormText<CourierFormValues> name="driverId" label={f('driverId')} />
          </Grid>
          <Grid size={{ xs: 12, md: 5 }}>
            <FormMultiSelect<CourierFormValues>
              name="unitIds"
              label={f('unitIds')}
              choices={unitChoices}
            />
          </Grid>
        </Grid>
      </FormSection>
      <FormSection id="login-title" title={translate('fleet.sections.login')}>
        <Grid container spacing={1.5} alignItems="center">
          <Grid size={{ xs: 12, md: 3 }}>
            <FormCheck<CourierFormValues> name="canLogIn" label={f('canLogIn')} />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <FormCheck<CourierFormValues>
              name="secureLoginEnabled"
              label={f('secureLoginEnabled')}
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <Controller
              name="dateOfBirth"
              control={form.control}
              render={({ field, fieldState }) => (
                <DateField
                  name={field.name}
                  label={f('dateOfBirth')}
                  value={field.value}
                  onChange={field.onChange}
                  onBlur={field.onBlur}
                  error={fieldState.error !== undefined}
                  helperText={
                    fieldState.error?.message ? translate(fieldState.error.message) : undefined
                  }
                  fullWidth
                />
              )}
            />
          </Grid>
        </Grid>
      </FormSection>
      <FormSection id="qualifications-title" title={translate('fleet.sections.qualifications')}>
        <Stack direction="row" spacing={2} flexWrap="wrap">
          <FormCheck<CourierFormValues>
            name="alcoholDeliveryEducation"
            label={f('alcoholDeliveryEducation')}
          />
          <FormCheck<CourierFormValues>
            name="occupationalInjuryInsurance"
            label={f('occupationalInjuryInsurance')}
          />
          <FormCheck<CourierFormValues> name="courierScanEnabled" label={f('courierScanEnabled')} />
        </Stack>
      </FormSection>
    </FleetForm>
  );
}
