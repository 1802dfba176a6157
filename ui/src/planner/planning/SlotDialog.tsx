import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { CourierRow, SlotView, UnitRow } from '@nordlog/contracts';
import { formatInTimeZone } from 'date-fns-tz';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { TimeField } from '../../inputs/LazyPickers';
import { GenericModal } from '../../layout/GenericModal';
import type { DepartmentOption } from '../../layout/useDepartments';
import { usePlanningCommand } from './commands';
import { OptionalSelect } from './Dialogs';
import { isHhmm, slotInstant } from './planningData';

interface Form {
  departmentId: string;
  name: string;
  timeFrom: string;
  timeTo: string;
  unitId: string;
  courierId: string;
  vehicleId: string;
}

/**
 * Create a slot for the board's date (CREATE_SLOT: name, start time, unit, courier), or edit one
 * (UPDATE_SLOT for its own fields, ASSIGN_UNIT_TO_SLOT and ASSIGN_COURIER_TO_SLOT for the people:
 * spec §1 "assign work to couriers, vehicles and units").
 */
export function SlotDialog(props: {
  open: boolean;
  /** The slot to edit; null creates one. */
  slot: SlotView | null;
  date: string;
  timeZone: string;
  departments: readonly DepartmentOption[];
  units: readonly UnitRow[];
  vehicles: readonly UnitRow[];
  couriers: readonly CourierRow[];
  /** Which parts the user may change (spec §6). */
  may: { edit: boolean; assign: boolean };
  onClose: () => void;
}) {
  const translate = useTranslate();
  const run = usePlanningCommand();
  const { slot, timeZone } = props;
  const initial = (): Form => ({
    departmentId: slot?.departmentId ?? props.departments[0]?.id ?? '',
    name: slot?.name ?? '',
    timeFrom: slot ? formatInTimeZone(new Date(slot.timeFrom), timeZone, 'HH:mm') : '07:00',
    timeTo: slot?.timeTo ? formatInTimeZone(new Date(slot.timeTo), timeZone, 'HH:mm') : '',
    unitId: slot?.unitId ?? '',
    courierId: slot?.courierId ?? '',
    vehicleId: slot?.vehicleId ?? '',
  });
  const [form, setForm] = useState<Form>(initial);
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (props.open) {
      setForm(initial());
      setTouched(false);
    }
    // The form starts again each time the dialog opens (not on every change of the lists).
  }, [props.open, slot?.id]);
  const set = (patch: Partial<Form>) => setForm((f) => ({ ...f, ...patch }));
  const errors = {
    name: form.name.trim() === '' ? translate('validation.required') : null,
    timeFrom: !isHhmm(form.timeFrom) ? translate('validation.time') : null,
    timeTo:
      form.timeTo === ''
        ? null
        : !isHhmm(form.timeTo)
          ? translate('validation.time')
          : form.timeTo <= form.timeFrom
            ? translate('validation.timeWindow')
            : null,
    departmentId: form.departmentId === '' ? translate('validation.required') : null,
  };
  const valid = Object.values(errors).every((e) => e === null);
  const units = props.units.filter(
    (u) => u.departmentId === form.departmentId || u.assignedDepartmentId === form.departmentId,
  );
  const couriers = props.couriers.filter((c) => c.departmentId === form.departmentId);
  const vehicles = props.vehicles.filter(
    (u) => u.departmentId === form.departmentId || u.assignedDepartmentId === form.departmentId,
  );
  const slotDate = slot?.date ?? props.date;
  const instant = (hhmm: string) => slotInstant(slotDate, hhmm, timeZone);

  const save = async () => {
    setTouched(true);
    if (!valid) return;
    setBusy(true);
    try {
      if (!slot) {
        const answer = await run(
          'CREATE_SLOT',
          {
            departmentId: form.departmentId,
            name: form.name.trim(),
            timeFrom: instant(form.timeFrom),
            timeTo: form.timeTo ? instant(form.timeTo) : null,
            unitId: form.unitId || null,
            courierId: form.courierId || null,
            vehicleId: form.vehicleId || null,
          },
          { success: 'planning.slot.created', successArgs: { name: form.name.trim() } },
        );
        if (answer) props.onClose();
        return;
      }
      const before = initial();
      let ok = true;
      const changes: Record<string, unknown> = {};
      if (form.name.trim() !== before.name) changes.name = form.name.trim();
      if (form.timeFrom !== before.timeFrom) changes.timeFrom = instant(form.timeFrom);
      if (form.timeTo !== before.timeTo) changes.timeTo = form.timeTo ? instant(form.timeTo) : null;
      if (Object.keys(changes).length > 0)
        ok = (await run('UPDATE_SLOT', { id: slot.id, ...changes })) !== null;
      if (ok && form.unitId !== before.unitId)
        ok =
          (await run('ASSIGN_UNIT_TO_SLOT', { slotId: slot.id, unitId: form.unitId || null })) !==
          null;
      if (ok && form.courierId !== before.courierId)
        ok =
          (await run('ASSIGN_COURIER_TO_SLOT', {
            slotId: slot.id,
            courierId: form.courierId || null,
          })) !== null;
      if (ok && form.vehicleId !== before.vehicleId)
        ok =
          (form.vehicleId
            ? await run('ASSIGN_VEHICLE_TO_SLOT', { slotId: slot.id, vehicleId: form.vehicleId })
            : await run('UNASSIGN_VEHICLE_FROM_SLOT', { slotId: slot.id })) !== null;
      if (ok) props.onClose();
    } finally {
      setBusy(false);
    }
  };

  const show = (e: string | null) => (touched ? e : null);
  return (
    <GenericModal
      open={props.open}
      onClose={busy ? () => undefined : props.onClose}
      size="small"
      title={
        slot
          ? translate('planning.slot.editTitle', { name: slot.name })
          : translate('planning.slot.createTitle')
      }
    >
      <Stack
        component="form"
        spacing={2}
        sx={{ pt: 1 }}
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          void save();
        }}
      >
        {!slot && props.departments.length > 1 ? (
          <TextField
            select
            size="small"
            required
            label={translate('app.department')}
            value={form.departmentId}
            onChange={(e) =>
              set({ departmentId: e.target.value, unitId: '', courierId: '', vehicleId: '' })
            }
            error={!!show(errors.departmentId)}
            helperText={show(errors.departmentId) ?? ' '}
          >
            {props.departments.map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <TextField
          size="small"
          required
          autoFocus
          label={translate('planning.slot.name')}
          value={form.name}
          disabled={!!slot && !props.may.edit}
          onChange={(e) => set({ name: e.target.value })}
          error={!!show(errors.name)}
          helperText={show(errors.name) ?? ' '}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        <Stack direction="row" spacing={2}>
          <TimeField
            label={translate('planning.slot.timeFrom')}
            value={form.timeFrom}
            onChange={(v) => set({ timeFrom: v })}
            error={!!show(errors.timeFrom)}
            helperText={show(errors.timeFrom) ?? ' '}
            fullWidth
          />
          <TimeField
            label={translate('planning.slot.timeTo')}
            value={form.timeTo}
            onChange={(v) => set({ timeTo: v })}
            error={!!show(errors.timeTo)}
            helperText={show(errors.timeTo) ?? translate('planning.slot.optional')}
            fullWidth
          />
        </Stack>
        <OptionalSelect
          label={translate('planning.slot.unit')}
          value={form.unitId}
          options={units}
          disabled={!!slot && !props.may.assign}
          onChange={(v) => set({ unitId: v })}
          helperText={units.length === 0 ? translate('planning.slot.noUnits') : ' '}
        />
        <OptionalSelect
          label={translate('planning.slot.courier')}
          value={form.courierId}
          options={couriers}
          disabled={!!slot && !props.may.assign}
          onChange={(v) => set({ courierId: v })}
          helperText={couriers.length === 0 ? translate('planning.slot.noCouriers') : ' '}
        />
        <OptionalSelect
          label={translate('planning.slot.vehicle')}
          value={form.vehicleId}
          options={vehicles}
          disabled={!!slot && !props.may.assign}
          onChange={(v) => set({ vehicleId: v })}
          nameOf={(u) => (u.registrationNumber ? `${u.name} (${u.registrationNumber})` : u.name)}
        />
        <Stack direction="row" spacing={1} justifyContent="flex-end">
          <Button onClick={props.onClose} disabled={busy}>
            {translate('planner.bulk.cancel')}
          </Button>
          <Button type="submit" variant="contained" color="secondary" disabled={busy}>
            {slot ? translate('planning.save') : translate('planning.slot.create')}
          </Button>
        </Stack>
      </Stack>
    </GenericModal>
  );
}
