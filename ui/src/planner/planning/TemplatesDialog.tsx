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
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { CourierRow, TemplateRow, TemplateSlot, UnitRow } from '@nordlog/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { toastTimeouts } from '../../shell/timeouts';
import { DateField, TimeField } from '../../inputs/LazyPickers';
import { normalizeLocale } from '../../i18n/locales';
import { GenericModal } from '../../layout/GenericModal';
import type { DepartmentOption } from '../../layout/useDepartments';
import { usePlanningCommand } from './commands';
import { ConfirmDialog, OptionalSelect } from './Dialogs';
import { isHhmm, isoWeekdays } from './planningData';

type View =
  | { kind: 'list' }
  | { kind: 'edit'; template: TemplateRow | null }
  | { kind: 'create'; template: TemplateRow };

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

/** Weekday names in the user's language, Monday first (spec §9). */
function useWeekdayNames(): Record<number, string> {
  const locale = normalizeLocale(useLocale());
  return useMemo(() => {
    const f = new Intl.DateTimeFormat(locale === 'nb' ? 'nb-NO' : locale, {
      weekday: 'short',
      timeZone: 'UTC',
    });
    // 2024-01-01 was a Monday.
    return Object.fromEntries(
      isoWeekdays.map((d) => [d, f.format(new Date(Date.UTC(2024, 0, d)))]),
    );
  }, [locale]);
}

/**
 * Slot templates of the page's departments (spec §7 CREATE_OR_UPDATE_TEMPLATE,
 * CREATE_SLOTS_FROM_TEMPLATE, DELETE_TEMPLATE): the list; a template's slots (name, times, unit,
 * courier) and weekdays; slots made from one for a range of days (public holidays and days done
 * already are skipped by the server); deletion after a confirm dialog.
 */
export function TemplatesDialog(props: {
  open: boolean;
  onClose: () => void;
  templates: readonly TemplateRow[];
  loading: boolean;
  date: string;
  departments: readonly DepartmentOption[];
  units: readonly UnitRow[];
  couriers: readonly CourierRow[];
  canEdit: boolean;
  canCreateSlots: boolean;
  canDelete: boolean;
}) {
  const translate = useTranslate();
  const run = usePlanningCommand();
  const weekdayNames = useWeekdayNames();
  const [view, setView] = useState<View>({ kind: 'list' });
  const [deleting, setDeleting] = useState<TemplateRow | null>(null);
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (props.open) setView({ kind: 'list' });
  }, [props.open]);
  const departmentName = (id: string) => props.departments.find((d) => d.id === id)?.name ?? id;

  const remove = async () => {
    if (!deleting) return;
    setBusy(true);
    await run(
      'DELETE_TEMPLATE',
      { id: deleting.id },
      { success: 'planning.templates.deleted', successArgs: { name: deleting.name } },
    );
    setBusy(false);
    setDeleting(null);
  };

  const title =
    view.kind === 'list'
      ? translate('planning.templates.title')
      : view.kind === 'edit'
        ? view.template
          ? translate('planning.templates.editTitle', { name: view.template.name })
          : translate('planning.templates.newTitle')
        : translate('planning.templates.createSlotsTitle', { name: view.template.name });
  return (
    <GenericModal open={props.open} onClose={busy ? () => undefined : props.onClose} title={title}>
      {view.kind === 'list' ? (
        <Stack spacing={2}>
          {props.templates.length === 0 ? (
            <Typography color="text.secondary">
              {props.loading ? translate('app.loading') : translate('planning.templates.none')}
            </Typography>
          ) : (
            <Box sx={{ overflowX: 'auto' }}>
              <Table size="small" aria-label={translate('planning.templates.title')}>
                <TableHead>
                  <TableRow>
                    <TableCell>{translate('planning.templates.name')}</TableCell>
                    {props.departments.length > 1 ? (
                      <TableCell>{translate('app.department')}</TableCell>
                    ) : null}
                    <TableCell>{translate('planning.templates.weekdays')}</TableCell>
                    <TableCell align="right">{translate('planning.templates.slots')}</TableCell>
                    <TableCell align="right">{translate('planning.templates.actions')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {props.templates.map((t) => (
                    <TableRow key={t.id} data-testid="template-row" data-template-id={t.id}>
                      <TableCell>{t.name}</TableCell>
                      {props.departments.length > 1 ? (
                        <TableCell>{departmentName(t.departmentId)}</TableCell>
                      ) : null}
                      <TableCell>
                        {[...t.weekdays]
                          .sort()
                          .map((d) => weekdayNames[d])
                          .join(', ')}
                      </TableCell>
                      <TableCell align="right">{t.slots.length}</TableCell>
                      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                        {props.canEdit ? (
                          <Button
                            size="small"
                            onClick={() => setView({ kind: 'edit', template: t })}
                          >
                            {translate('planning.templates.edit')}
                          </Button>
                        ) : null}
                        {props.canCreateSlots ? (
                          <Button
                            size="small"
                            onClick={() => setView({ kind: 'create', template: t })}
                            aria-label={translate('planning.templates.createSlotsFor', {
                              name: t.name,
                            })}
                          >
                            {translate('planning.templates.createSlots')}
                          </Button>
                        ) : null}
                        {props.canDelete ? (
                          <Button
                            size="small"
                            color="error"
                            onClick={() => setDeleting(t)}
                            aria-label={translate('planning.templates.deleteFor', { name: t.name })}
                          >
                            {translate('planning.templates.delete')}
                          </Button>
                        ) : null}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </Box>
          )}
          <Stack direction="row" spacing={1} justifyContent="space-between">
            {props.canEdit ? (
              <Button
                startIcon={<AddIcon />}
                variant="outlined"
                color="secondary"
                onClick={() => setView({ kind: 'edit', template: null })}
              >
                {translate('planning.templates.new')}
              </Button>
            ) : (
              <span />
            )}
            <Button onClick={props.onClose}>{translate('ra.action.close')}</Button>
          </Stack>
        </Stack>
      ) : view.kind === 'edit' ? (
        <TemplateEditor
          template={view.template}
          departments={props.departments}
          units={props.units}
          couriers={props.couriers}
          weekdayNames={weekdayNames}
          onDone={() => setView({ kind: 'list' })}
        />
      ) : (
        <CreateSlotsForm
          template={view.template}
          date={props.date}
          onDone={() => setView({ kind: 'list' })}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={translate('planning.templates.deleteTitle', { name: deleting?.name ?? '' })}
        text={translate('planning.templates.deleteText')}
        confirmLabel={translate('planning.templates.delete')}
        danger
        busy={busy}
        onConfirm={() => void remove()}
        onClose={() => setDeleting(null)}
      />
    </GenericModal>
  );
}

function TemplateEditor(props: {
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

function CreateSlotsForm(props: { template: TemplateRow; date: string; onDone: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const run = usePlanningCommand();
  const [from, setFrom] = useState(props.date);
  const [to, setTo] = useState(props.date);
  const [busy, setBusy] = useState(false);
  const valid = from !== '' && to !== '' && to >= from;
  const create = async () => {
    if (!valid) return;
    setBusy(true);
    const answer = await run('CREATE_SLOTS_FROM_TEMPLATE', {
      templateId: props.template.id,
      fromDate: from,
      toDate: to,
    });
    setBusy(false);
    if (answer) {
      // One SlotCreated event per slot it made (days done and holidays are skipped).
      const count = answer.events.filter((e) => e === 'SlotCreated').length;
      notify('planning.templates.slotsCreated', {
        type: count > 0 ? 'success' : 'warning',
        messageArgs: { smart_count: count },
        autoHideDuration: toastTimeouts.short,
      });
      props.onDone();
    }
  };
  return (
    <Stack
      component="form"
      spacing={2}
      noValidate
      sx={{ pt: 1 }}
      onSubmit={(e) => {
        e.preventDefault();
        void create();
      }}
    >
      <Typography>
        {translate('planning.templates.createSlotsText', {
          smart_count: props.template.slots.length,
        })}
      </Typography>
      <Stack direction="row" spacing={2}>
        <DateField
          label={translate('planner.from')}
          value={from}
          onChange={(v) => {
            setFrom(v);
            // Spec §5: the to date follows a later from date.
            if (v && to < v) setTo(v);
          }}
          helperText=" "
          minWidth={170}
        />
        <DateField
          label={translate('planner.to')}
          value={to}
          onChange={(v) => setTo(v)}
          error={to !== '' && to < from}
          helperText={to !== '' && to < from ? translate('validation.timeWindow') : ' '}
          minWidth={170}
        />
      </Stack>
      <Stack direction="row" spacing={1} justifyContent="flex-end">
        <Button onClick={props.onDone} disabled={busy}>
          {translate('planner.bulk.cancel')}
        </Button>
        <Button type="submit" variant="contained" color="secondary" disabled={busy || !valid}>
          {translate('planning.templates.createSlots')}
        </Button>
      </Stack>
    </Stack>
  );
}
