import AddIcon from '@mui/icons-material/Add';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { CourierRow, TemplateRow, UnitRow } from '@nordlog/contracts';
import { useEffect, useMemo, useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { toastTimeouts } from '../../shell/timeouts';
import { DateField } from '../../inputs/LazyPickers';
import { normalizeLocale } from '../../i18n/locales';
import { GenericModal } from '../../layout/GenericModal';
import type { DepartmentOption } from '../../layout/useDepartments';
import { usePlanningCommand } from './commands';
import { ConfirmDialog } from './Dialogs';
import { isoWeekdays } from './planningData';
import { TemplateEditor } from './TemplateEditor';

type View =
  | { kind: 'list' }
  | { kind: 'edit'; template: TemplateRow | null }
  | { kind: 'create'; template: TemplateRow };

/** Weekday names in the user's language, Monday first (spec §9). */
export function useWeekdayNames(): Record<number, string> {
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
