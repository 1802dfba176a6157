import AddIcon from '@mui/icons-material/Add';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import Button from '@mui/material/Button';
import type { CourierRow, UnitRow } from '@nordlog/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { mayRun } from '../../access/commands';
import { useShell } from '../../app/UserContext';
import { DateField } from '../../inputs/LazyPickers';
import { PageHeader } from '../../layout/PageHeader';
import { OptimizeDayButton } from '../optimizing/OptimizingPanel';
import { dispatchPath } from './planningData';
import { PrintDayMenu } from './PrintDayMenu';
import { useTemplates, type usePlanningDepartment } from './queries';
import { TemplatesDialog } from './TemplatesDialog';

/**
 * The planning board's header (PlanningPage): the department and day, a new slot, the slot
 * templates (their dialog, read when opened), the day's optimising, printing and the dispatch
 * board.
 */
export function PlanningHeader(props: {
  departmentId: string;
  date: string;
  dep: ReturnType<typeof usePlanningDepartment>;
  units: readonly UnitRow[];
  couriers: readonly CourierRow[];
  onDateChange: (value: string) => void;
  onNewSlot: () => void;
}) {
  const translate = useTranslate();
  const { user } = useShell();
  const { dep, date, departmentId } = props;
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const templates = useTemplates(dep.departmentIds, templatesOpen);
  return (
    <>
      <PageHeader
        title={`${translate('pages.planning')}${dep.option ? ` · ${dep.option.name}` : ''}`}
      >
        <DateField
          label={translate('app.date')}
          value={date}
          onChange={props.onDateChange}
          minWidth={170}
        />
        {mayRun(user, 'CREATE_SLOT') ? (
          <Button
            variant="contained"
            color="secondary"
            startIcon={<AddIcon />}
            onClick={props.onNewSlot}
            disabled={dep.members.length === 0}
          >
            {translate('planning.slot.new')}
          </Button>
        ) : null}
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<EventRepeatIcon />}
          onClick={() => setTemplatesOpen(true)}
        >
          {translate('planning.templates.open')}
        </Button>
        <OptimizeDayButton members={dep.members} date={date} />
        <PrintDayMenu departmentId={departmentId} date={date} />
        <Button component={RouterLink} to={dispatchPath(departmentId, date)} color="secondary">
          {translate('menu.dispatch')}
        </Button>
      </PageHeader>
      <TemplatesDialog
        open={templatesOpen}
        onClose={() => setTemplatesOpen(false)}
        templates={templates.data ?? []}
        loading={templates.isPending}
        date={date}
        departments={dep.members}
        units={props.units}
        couriers={props.couriers}
        canEdit={mayRun(user, 'CREATE_OR_UPDATE_TEMPLATE')}
        canCreateSlots={mayRun(user, 'CREATE_SLOTS_FROM_TEMPLATE')}
        canDelete={mayRun(user, 'DELETE_TEMPLATE')}
      />
    </>
  );
}
