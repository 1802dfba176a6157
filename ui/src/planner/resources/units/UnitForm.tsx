import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  euroClasses,
  fuelTypes,
  vehicleControls,
  vehicleTypes,
  type CourierRow,
  type UnitRow,
} from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useForm, useWatch, type FieldErrors, type Resolver } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useMayRun } from '../../../access/useMayRun';
import { useShell } from '../../../app/UserContext';
import { HttpFailure } from '../../../errors/parse';
import { runQuery, sendCommand } from '../../../shell/api';
import {
  FleetForm,
  FormCheck,
  FormMultiSelect,
  FormSection,
  FormText,
  useEnumChoices,
  useFailureText,
  useScreenDepartments,
} from '../common';
import { BreakSection } from './BreakSection';
import { DepotField } from './DepotField';
import {
  changedPayload,
  emptyUnitForm,
  fieldOf,
  formToPayload,
  unitFormIssues,
  unitToForm,
  type UnitFormValues,
} from './unitForm';

export type FleetKind = 'units' | 'vehicles';

/** The form's checks: the contracts' schema and the break rules (unitForm). */
const resolver: Resolver<UnitFormValues> = (values) => {
  const issues = unitFormIssues(values);
  if (Object.keys(issues).length === 0) return { values, errors: {} };
  const errors = Object.fromEntries(
    Object.entries(issues).map(([field, message]) => [field, { type: 'rule', message }]),
  );
  return { values: {}, errors: errors as FieldErrors<UnitFormValues> };
};

/**
 * The courier/unit create-and-edit form (spec §2): heading, an error banner when the server
 * refuses, every field of spec §3 with its default, the break-time section and save. One form for
 * units and vehicle records (one entity, docs/decisions/0021-planning.md).
 */
export function UnitForm({ kind, unit }: { kind: FleetKind; unit: UnitRow | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mayRun = useMayRun();
  const failureText = useFailureText();
  const { themeName } = useShell();
  const departments = useScreenDepartments();
  const [failure, setFailure] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const form = useForm<UnitFormValues>({
    defaultValues: unit ? unitToForm(unit) : emptyUnitForm(departments.initial, kind === 'units'),
    resolver,
    mode: 'onTouched',
  });
  // A newer revision (saved here, or changed elsewhere and pushed) refreshes the form.
  const revision = unit?.revision;
  useEffect(() => {
    if (unit) form.reset(unitToForm(unit));
  }, [unit?.id, revision]);

  const f = (key: string) => translate(`fleet.fields.${key}`);
  const departmentId = useWatch({ control: form.control, name: 'departmentId' });
  const vehicleControl = useWatch({ control: form.control, name: 'vehicleControl' });
  const couriers = useQuery({
    queryKey: ['couriers', 'rows', { departmentIds: [departmentId] }],
    enabled: departmentId !== '',
    queryFn: () => runQuery<CourierRow[]>('couriers', { departmentIds: [departmentId] }),
  });
  const chosen = form.getValues('courierUserIds');
  const courierChoices = [
    ...(couriers.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    // Couriers of the unit from elsewhere stay choosable (shown by id).
    ...chosen
      .filter((id) => !(couriers.data ?? []).some((c) => c.id === id))
      .map((id) => ({ value: id, label: id })),
  ];
  const command = unit ? 'UPDATE_UNIT' : 'CREATE_UNIT';
  const editable = mayRun(command);
  const vehicleTypeChoices = useEnumChoices('vehicleType', vehicleTypes);
  const fuelTypeChoices = useEnumChoices('fuelType', fuelTypes);
  const controlChoices = useEnumChoices('vehicleControl', vehicleControls);
  const euroChoices = useEnumChoices('euroClass', euroClasses);
  const number = { slotProps: { htmlInput: { inputMode: 'decimal' as const } } };
  const factor = {
    type: 'number',
    slotProps: { htmlInput: { min: 0.5, max: 2, step: 0.1 } },
  };

  const save = async (values: UnitFormValues) => {
    setSaving(true);
    setFailure(null);
    try {
      const payload = formToPayload(values);
      if (unit) {
        const changes = changedPayload(unit, payload);
        if (Object.keys(changes).length > 1) await sendCommand('UPDATE_UNIT', changes);
      } else {
        const answer = await sendCommand('CREATE_UNIT', payload);
        await navigate(`/planner/${departments.param}/${kind}/${answer.ids[0]}`, {
          replace: true,
        });
      }
      await queryClient.invalidateQueries({ queryKey: ['units'] });
      notify(translate('fleet.actions.saved'), { type: 'info' });
    } catch (err) {
      if (!(err instanceof HttpFailure)) throw err;
      for (const e of err.errors) {
        const field = typeof e.params?.field === 'string' ? e.params.field : null;
        const key = e.params?.key;
        const target = field ? fieldOf(field.split('.'), values) : null;
        if (target && typeof key === 'string')
          form.setError(target, { type: 'server', message: key });
      }
      setFailure(`${translate('fleet.saveFailed')} ${failureText(err)}`);
    } finally {
      setSaving(false);
    }
  };
  const deactivate = async () => {
    if (!unit) return;
    try {
      await sendCommand('DEACTIVATE_UNIT', { id: unit.id });
      await queryClient.invalidateQueries({ queryKey: ['units'] });
      notify(translate('fleet.actions.deactivated'), { type: 'info' });
    } catch (err) {
      setFailure(failureText(err));
    }
  };

  return (
    <FleetForm
      form={form}
      label={translate(`fleet.${kind}.${unit ? 'edit' : 'new'}`)}
      onSave={save}
      editable={editable}
      saving={saving}
      failure={failure}
      actions={
        unit && unit.isActive && mayRun('DEACTIVATE_UNIT') ? (
          <Button variant="outlined" color="warning" onClick={() => void deactivate()}>
            {translate('fleet.actions.deactivate')}
          </Button>
        ) : null
      }
    >
      <FormSection id="identity-title" title={translate('fleet.sections.identity')}>
        <Grid container spacing={1.5}>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormText<UnitFormValues> name="name" label={f('name')} required />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormText<UnitFormValues> name="courier" label={f('courier')} />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            {/* Spec §3: the unit id in the white-label variant, the Alystra id otherwise. */}
            <FormText<UnitFormValues>
              name="alystraId"
              label={f(themeName === 'whitelabel' ? 'unitId' : 'alystraId')}
              required
            />
          </Grid>
          <Grid size={{ xs: 12, md: 4 }}>
            <FormText<UnitFormValues>
              name="departmentId"
              label={f('departmentId')}
              choices={departments.choices}
              required
            />
          </Grid>
          <Grid size={{ xs: 12, md: 3 }}>
            <FormText<UnitFormValues> name="registrationNumber" label={f('registrationNumber')} />
          </Grid>
          <Grid size={{ xs: 6, md: 2.5 }}>
            <FormText<UnitFormValues> name="vehicleBrand" label={f('vehicleBrand')} />
          </Grid>
          <Grid size={{ xs: 6, md: 2.5 }}>
            <FormText<UnitFormValues> name="vehicleModel" label={f('vehicleModel')} />
          </Grid>
          <Grid size={{ xs: 6, md: 2 }}>
            <FormText<UnitFormValues> name="color" label={f('color')} type="color" />
          </Grid>
          <Grid size={{ xs: 12, md: 10 }}>
            <Stack direction="row" spacing={2} flexWrap="wrap">
              <FormCheck<UnitFormValues> name="isActive" label={f('isActive')} />
              <FormCheck<UnitFormValues> name="isUnit" label={f('isUnit')} />
            </Stack>
          </Grid>
        </Grid>
      </FormSection>
      <FormSection id="capacity-title" title={translate('fleet.sections.capacity')}>
        <Grid container spacing={1.5}>
          <Grid size={{ xs: 6, md: 4 }}>
            <FormText<UnitFormValues> name="capacity" label={f('capacity')} required {...number} />
          </Grid>
          <Grid size={{ xs: 6, md: 4 }}>
            <FormText<UnitFormValues>
              name="weightCapacity"
              label={f('weightCapacity')}
              required
              {...number}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 4 }}>
            <FormText<UnitFormValues>
              name="volumeCapacity"
              label={f('volumeCapacity')}
              required
              {...number}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 4 }}>
            <FormText<UnitFormValues> name="speedFactor" label={f('speedFactor')} {...factor} />
          </Grid>
          <Grid size={{ xs: 6, md: 4 }}>
            <FormText<UnitFormValues>
              name="serviceTimeFactor"
              label={f('serviceTimeFactor')}
              {...factor}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 4 }}>
            <FormText<UnitFormValues> name="maxRangeKm" label={f('maxRangeKm')} {...number} />
          </Grid>
        </Grid>
      </FormSection>
      <FormSection id="route-title" title={translate('fleet.sections.route')}>
        <Grid container spacing={1.5}>
          {(['startLocation', 'endLocation'] as const).map((name) => (
            <Grid key={name} size={{ xs: 12, md: 6 }}>
              <DepotField
                name={name}
                label={f(name)}
                countryCode={departments.countryOf(departmentId)}
              />
            </Grid>
          ))}
          <Grid size={12}>
            <Typography variant="body2" color="text.secondary">
              {translate('fleet.depot.help')}
            </Typography>
          </Grid>
          <Grid size={12}>
            <FormCheck<UnitFormValues>
              name="shouldDriverNotReturn"
              label={f('shouldDriverNotReturn')}
            />
          </Grid>
        </Grid>
      </FormSection>
      <FormSection id="vehicle-title" title={translate('fleet.sections.vehicle')}>
        <Grid container spacing={1.5}>
          <Grid size={{ xs: 6, md: 3 }}>
            <FormText<UnitFormValues>
              name="vehicleType"
              label={f('vehicleType')}
              choices={vehicleTypeChoices}
              required
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FormText<UnitFormValues>
              name="fuelType"
              label={f('fuelType')}
              choices={fuelTypeChoices}
              required
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FormText<UnitFormValues>
              name="euroClass"
              label={f('euroClass')}
              choices={euroChoices}
              empty={f('none')}
            />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FormText<UnitFormValues> name="co2" label={f('co2')} {...number} />
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <FormText<UnitFormValues>
              name="vehicleControl"
              label={f('vehicleControl')}
              choices={controlChoices}
              empty={f('none')}
            />
          </Grid>
          {/* Spec §4: shown (and required) only when the vehicle is not approved. */}
          {vehicleControl === 'notApproved' ? (
            <Grid size={{ xs: 12, md: 6 }}>
              <FormText<UnitFormValues>
                name="vehicleControlComment"
                label={f('vehicleControlComment')}
                required
              />
            </Grid>
          ) : null}
          <Grid size={12}>
            <FormCheck<UnitFormValues>
              name="commercialTrafficEligibility"
              label={f('commercialTrafficEligibility')}
            />
          </Grid>
        </Grid>
      </FormSection>
      <FormSection id="people-title" title={translate('fleet.sections.people')}>
        <FormMultiSelect<UnitFormValues>
          name="courierUserIds"
          label={f('courierUserIds')}
          choices={courierChoices}
        />
      </FormSection>
      <BreakSection />
    </FleetForm>
  );
}
