import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutline';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CourierRow, TemplateRow, TemplateSlot, UnitRow } from '@nordlog/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { TimeField } from '../../inputs/LazyPickers';
import type { DepartmentOption } from '../../layout/useDepartments';
import { usePlanningCommand } from './commands';
import { OptionalSelect } from './Dialogs';
import { isHhmm, isoWeekdays } from './planningData';

interface SlotForm {
  key: string;
  name: string;
  timeFrom: string;
  timeTo: string;
  unitId: string;
  courierId: string;
  /** What the form does not show, kept as it was. */
  rest: Pick<TemplateSlot, 'slotMode' | 'shouldDriverNotReturn' | 'vehicleId'>;
}

const newKey = () => crypto.randomUUID();
const blankSlot = (): SlotForm => ({
  key: newKey(),
  name: '',
  timeFrom: '07:00',
  timeTo: '',
  unitId: '',
  courierId: '',
  rest: { slotMode: 'ROUTE', shouldDriverNotReturn: true, vehicleId: null },
});

export function TemplateEditor(props: {
  template: TemplateRow | null;
  departments: readonly DepartmentOption[];
  units: readonly UnitRow[];
  couriers: readonly CourierRow[];
  weekdayNames: Record<number, string>;
  onDone: () => void;
}) {
  const translate = useTranslate();
  const run = usePlanningCommand();
  const t = props.template;
  const [departmentId, setDepartmentId] = useState(
    t?.departmentId ?? props.departments[0]?.id ?? '',
  );
  const [name, setName] = useState(t?.name ?? '');
  const [weekdays, setWeekdays] = useState<number[]>(t?.weekdays ?? [1, 2, 3, 4, 5]);
  const [slots, setSlots] = useState<SlotForm[]>(
    t
      ? t.slots.map((s) => ({
          key: s.key,
          name: s.name,
          timeFrom: s.timeFrom,
          timeTo: s.timeTo ?? '',
          unitId: s.unitId ?? '',
          courierId: s.courierId ?? '',
          rest: {
            slotMode: s.slotMode,
            shouldDriverNotReturn: s.shouldDriverNotReturn,
            vehicleId: s.vehicleId,
          },
        }))
      : [blankSlot()],
  );
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const units = props.units.filter(
    (u) => u.departmentId === departmentId || u.assignedDepartmentId === departmentId,
  );
  const couriers = props.couriers.filter((c) => c.departmentId === departmentId);
  const slotErrors = slots.map((s) => ({
    name: s.name.trim() === '' ? translate('validation.required') : null,
    timeFrom: isHhmm(s.timeFrom) ? null : translate('validation.time'),
    timeTo:
      s.timeTo === ''
        ? null
        : !isHhmm(s.timeTo)
          ? translate('validation.time')
          : s.timeTo <= s.timeFrom
            ? translate('validation.timeWindow')
            : null,
  }));
  const errors = {
    name: name.trim() === '' ? translate('validation.required') : null,
    weekdays: weekdays.length === 0 ? translate('validation.atLeastOne') : null,
    slots: slots.length === 0 ? translate('validation.atLeastOne') : null,
  };
  const valid =
    Object.values(errors).every((e) => e === null) &&
    slotErrors.every((e) => Object.values(e).every((v) => v === null));
  const show = (e: string | null) => (touched ? e : null);
  const setSlot = (i: number, patch: Partial<SlotForm>) =>
    setSlots((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));

  const save = async () => {
    setTouched(true);
    if (!valid) return;
    setBusy(true);
    const answer = await run(
      'CREATE_OR_UPDATE_TEMPLATE',
      {
        ...(t ? { id: t.id } : {}),
        departmentId,
        name: name.trim(),
        weekdays: [...weekdays].sort(),
        slots: slots.map((s) => ({
          key: s.key,
          name: s.name.trim(),
          timeFrom: s.timeFrom,
          timeTo: s.timeTo || null,
          unitId: s.unitId || null,
          courierId: s.courierId || null,
          ...s.rest,
        })),
      },
      { success: 'planning.templates.saved', successArgs: { name: name.trim() } },
    );
    setBusy(false);
    if (answer) props.onDone();
  };

  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      sx={{ pt: 1 }}
      data-testid="template-editor"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <Stack direction="row" spacing={2}>
        <TextField
          size="small"
          required
          autoFocus
          label={translate('planning.templates.name')}
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={!!show(errors.name)}
          helperText={show(errors.name) ?? ' '}
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { maxLength: 100 } }}
        />
        {!t && props.departments.length > 1 ? (
          <TextField
            select
            size="small"
            label={translate('app.department')}
            value={departmentId}
            onChange={(e) => setDepartmentId(e.target.value)}
            helperText=" "
            sx={{ minWidth: 200 }}
          >
            {props.departments.map((d) => (
              <MenuItem key={d.id} value={d.id}>
                {d.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
      </Stack>
      <Box component="fieldset" sx={{ border: 0, p: 0, m: 0 }}>
        <FormLabel component="legend">{translate('planning.templates.weekdays')}</FormLabel>
        <FormGroup row>
          {isoWeekdays.map((d) => (
            <FormControlLabel
              key={d}
              control={
                <Checkbox
                  size="small"
                  checked={weekdays.includes(d)}
                  onChange={(e) =>
                    setWeekdays((w) => (e.target.checked ? [...w, d] : w.filter((x) => x !== d)))
                  }
                />
              }
              label={props.weekdayNames[d]}
            />
          ))}
        </FormGroup>
        {show(errors.weekdays) ? (
          <Typography variant="caption" color="error">
            {errors.weekdays}
          </Typography>
        ) : null}
      </Box>
      <Typography variant="subtitle1" component="h3">
        {translate('planning.templates.slots')}
      </Typography>
      <Stack spacing={1.5}>
        {slots.map((s, i) => (
          <Box
            key={s.key}
            role="group"
            aria-label={translate('planning.templates.slotN', { n: i + 1 })}
            data-testid="template-slot"
            sx={{
              display: 'grid',
              gridTemplateColumns:
                'minmax(0, 2fr) 124px 124px minmax(0, 1.5fr) minmax(0, 1.5fr) 40px',
              gap: 1,
              alignItems: 'start',
            }}
          >
            <TextField
              size="small"
              label={translate('planning.slot.name')}
              value={s.name}
              onChange={(e) => setSlot(i, { name: e.target.value })}
              error={!!show(slotErrors[i]!.name)}
              helperText={show(slotErrors[i]!.name) ?? ' '}
              slotProps={{ htmlInput: { maxLength: 100 } }}
            />
            <TimeField
              label={translate('planning.slot.timeFrom')}
              value={s.timeFrom}
              onChange={(v) => setSlot(i, { timeFrom: v })}
              error={!!show(slotErrors[i]!.timeFrom)}
              helperText={show(slotErrors[i]!.timeFrom) ?? ' '}
            />
            <TimeField
              label={translate('planning.slot.timeTo')}
              value={s.timeTo}
              onChange={(v) => setSlot(i, { timeTo: v })}
              error={!!show(slotErrors[i]!.timeTo)}
              helperText={show(slotErrors[i]!.timeTo) ?? ' '}
            />
            <OptionalSelect
              label={translate('planning.slot.unit')}
              value={s.unitId}
              options={units}
              onChange={(v) => setSlot(i, { unitId: v })}
            />
            <OptionalSelect
              label={translate('planning.slot.courier')}
              value={s.courierId}
              options={couriers}
              onChange={(v) => setSlot(i, { courierId: v })}
            />
            <IconButton
              aria-label={translate('planning.templates.removeSlot', { n: i + 1 })}
              onClick={() => setSlots((all) => all.filter((_, j) => j !== i))}
              disabled={slots.length === 1}
            >
              <DeleteOutlineIcon />
            </IconButton>
          </Box>
        ))}
        {show(errors.slots) ? (
          <Typography variant="caption" color="error">
            {errors.slots}
          </Typography>
        ) : null}
        <Box>
          <Button
            startIcon={<AddIcon />}
            onClick={() => setSlots((all) => [...all, blankSlot()])}
            disabled={slots.length >= 500}
          >
            {translate('planning.templates.addSlot')}
          </Button>
        </Box>
      </Stack>
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        <Button onClick={props.onDone} disabled={busy}>
          {translate('planner.bulk.cancel')}
        </Button>
        <Button type="submit" variant="contained" color="secondary" disabled={busy}>
          {translate('planning.save')}
        </Button>
      </Stack>
    </Stack>
  );
}
