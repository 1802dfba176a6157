import {
  DndContext,
  DragOverlay,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  pointerWithin,
  useSensor,
  useSensors,
  type Announcements,
  type CollisionDetection,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import AddIcon from '@mui/icons-material/Add';
import CheckIcon from '@mui/icons-material/Check';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import PrintIcon from '@mui/icons-material/Print';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ASSIGNABLE_STATES,
  REST_BREAK,
  canSlotTransition,
  type RoutePoint,
  type RouteStop,
  type SlotView,
} from '@nordlog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useNavigate, useParams } from 'react-router-dom';
import { mayRun } from '../../access/commands';
import { useShell } from '../../app/UserContext';
import { emptySelection, selectionReducer } from '../../grid/selection';
import { DateField } from '../../inputs/LazyPickers';
import { NotFound } from '../../layout/NotFound';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { useLiveDates } from '../../live/LiveProvider';
import { toastTimeouts } from '../../shell/timeouts';
import { failureOfType, runUnassign, usePlanningCommand } from './commands';
import { CapacityDialog, ConfirmDialog, PlanOnSlotDialog } from './Dialogs';
import { DurationsDialog } from './DurationsDialog';
import {
  SLOT_VIEWS,
  boardDate,
  capacityOverage,
  consignmentsOnSlot,
  dispatchPath,
  indexOfKey,
  isSlotIdParam,
  isUnassigned,
  moveStop,
  planningPath,
  printLinks,
  sameOrder,
  type LoadKind,
} from './planningData';
import { refreshSlotsEverywhere } from './refreshSlotViews';
import {
  useCouriers,
  useDayConsignments,
  usePlanningDepartment,
  useSlotViews,
  useTemplates,
  useUnits,
  useVehicles,
} from './queries';
import { boardSx } from './boardStyles';
import { SlotCard, type BoardPermissions, type StopDragData } from './SlotCard';
import { SlotDialog } from './SlotDialog';
import { TemplatesDialog } from './TemplatesDialog';
import { UnassignedPanel } from './UnassignedPanel';
import { ScrollRootContext } from './useNearViewport';
import { OptimizeDayButton, OptimizingPanel } from '../optimizing/OptimizingPanel';
import { mayQuery, useRouteSuggestions } from '../optimizing/queries';
import { useSlotOptimizeMenu } from '../optimizing/SlotOptimizeMenu';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** The height left for a panel below the page's header (the window's, at least `min`). */
function useViewportHeight(offset: number, min: number): number {
  const [height, setHeight] = useState(() => Math.max(min, window.innerHeight - offset));
  useEffect(() => {
    const onResize = () => setHeight(Math.max(min, window.innerHeight - offset));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, [offset, min]);
  return height;
}

/** Collisions of a stop drag: the stop or slot under the pointer; by keyboard, the own route. */
const stopCollisions: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  if (within.length > 0) {
    const stops = new Set(within.filter((c) => String(c.id).includes('|')).map((c) => c.id));
    if (stops.size > 0)
      return closestCenter({
        ...args,
        droppableContainers: args.droppableContainers.filter((c) => stops.has(c.id)),
      });
    return within;
  }
  const slotId = (args.active.data.current as StopDragData | undefined)?.slotId;
  return closestCenter({
    ...args,
    droppableContainers: args.droppableContainers.filter((c) =>
      String(c.id).startsWith(`${slotId}|`),
    ),
  });
};

type Pending = Record<string, RouteStop[]>;

/**
 * The planning board (spec §2 `/planning/{date?}` and `/planning/slots/{date}/{slotId?}`; UI.md
 * planning): the day's unassigned consignments beside the day's slots. A consignment (or the
 * selection) is planned on a slot by dragging it there or by the keyboard (the plus button, the
 * selection's "plan on slot"); a slot's stops reorder by dragging or with move-up and move-down;
 * moving a planned consignment to another slot and unassigning ask first (spec §7). Other
 * planners' changes arrive over the socket (slot views refetch, rows are patched in place).
 */
/**
 * The drag sensors' options, made once: dnd-kit keeps a sensor while its options object stays the
 * same, and a new one on each render gave the drag context a new value on each render, which drew
 * every slot card and stop again on every change to the day (issue 14's bench).
 */
const pointerOptions = { activationConstraint: { distance: 4 } };
const keyboardOptions = { coordinateGetter: sortableKeyboardCoordinates };

export default function PlanningPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const run = usePlanningCommand();
  const { user } = useShell();
  usePageTitle('planning');
  const { departmentId = '', date: dateParam, slotId: focusId } = useParams();
  const dep = usePlanningDepartment(departmentId);
  const date = boardDate(dateParam, dep.today);
  useLiveDates(useMemo(() => [date], [date]));

  const onDateChange = useCallback(
    (value: string) => {
      if (isoDate.test(value)) void navigate(planningPath(departmentId, value));
    },
    [navigate, departmentId],
  );

  const may: BoardPermissions = useMemo(
    () => ({
      plan: mayRun(user, 'UPDATE_CONSIGNMENT_SLOT'),
      route: mayRun(user, 'UPDATE_ROUTE'),
      unassign: mayRun(user, 'UNASSIGN_CONSIGNMENTS'),
      edit: mayRun(user, 'UPDATE_SLOT'),
      state: mayRun(user, 'CHANGE_SLOT_STATE'),
      manual: mayRun(user, 'TOGGLE_SLOT_MANUAL_PLANNING'),
      remove: mayRun(user, 'DELETE_SLOT'),
      durations: mayRun(user, 'SET_PICKUP_AND_DELIVERY_DURATIONS'),
    }),
    [user],
  );
  const mayCreate = mayRun(user, 'CREATE_SLOT');
  const mayAssign = mayRun(user, 'ASSIGN_UNIT_TO_SLOT');

  // Data: the day's slots (with load and stops) and consignments, units, couriers, vehicles.
  const { slots, query: slotsQuery } = useSlotViews(dep.departmentIds, date);
  // Only what can still be planned: the planned ones are on the slots' routes (a big day's
  // planned rows were most of the board's download).
  const rowsQuery = useDayConsignments(dep.departmentIds, date, ASSIGNABLE_STATES);
  const units = useUnits(dep.departmentIds);
  const vehicles = useVehicles(dep.departmentIds);
  const couriers = useCouriers(dep.departmentIds);
  const [templatesOpen, setTemplatesOpen] = useState(false);
  const templates = useTemplates(dep.departmentIds, templatesOpen);
  const rows = useMemo(() => rowsQuery.data?.data ?? [], [rowsQuery.data]);
  const rowById = useMemo(() => new Map(rows.map((r) => [r.id, r])), [rows]);
  // Planned a moment ago: hidden from the unassigned list until the socket's row says so.
  const [justPlanned, setJustPlanned] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    setJustPlanned((ids) => {
      const still = [...ids].filter((id) => {
        const r = rowById.get(id);
        return r !== undefined && isUnassigned(r);
      });
      return still.length === ids.size ? ids : new Set(still);
    });
  }, [rowById]);
  const unassigned = useMemo(
    () => rows.filter((r) => isUnassigned(r) && !justPlanned.has(r.id)),
    [rows, justPlanned],
  );
  const unitName = useMemo(
    () => new Map((units.data ?? []).map((u) => [u.id, u.name])),
    [units.data],
  );
  const courierName = useMemo(
    () => new Map((couriers.data ?? []).map((c) => [c.id, c.name])),
    [couriers.data],
  );
  const slotById = useMemo(() => new Map(slots.map((s) => [s.id, s])), [slots]);
  // Slots with a suggested route (the optimising panel lists them; their cards say so).
  const { suggestions } = useRouteSuggestions(
    dep.departmentIds,
    date,
    mayQuery(user, 'routeSuggestions'),
  );
  const suggestedSlots = useMemo(() => new Set(suggestions.map((s) => s.slotId)), [suggestions]);
  /** The slot each planned consignment is on, from the routes. */
  const slotOfConsignment = useMemo(
    () =>
      new Map(slots.flatMap((s) => consignmentsOnSlot(s.stops).map((id) => [id, s.id] as const))),
    [slots],
  );

  // Selections: unassigned rows (the grid's) and planned stops (checkboxes on the slots).
  const [selection, dispatch] = useReducer(selectionReducer, emptySelection);
  const selectedRows = useMemo(() => [...selection.selected], [selection.selected]);
  const optimizeMenu = useSlotOptimizeMenu(selectedRows);
  const [selectedStops, setSelectedStops] = useState<ReadonlySet<string>>(new Set());
  useEffect(() => {
    const planned = new Set(slots.flatMap((s) => consignmentsOnSlot(s.stops)));
    setSelectedStops((sel) => {
      const still = [...sel].filter((id) => planned.has(id));
      return still.length === sel.size ? sel : new Set(still);
    });
  }, [slots]);
  const toggleStop = useCallback((id: string) => {
    setSelectedStops((sel) => {
      const next = new Set(sel);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  }, []);

  // Reorders waiting for the server show at once; a refusal snaps back.
  const [pending, setPending] = useState<Pending>({});
  const latest = useRef({ pending, slotById, rowById, slotOfConsignment });
  latest.current = { pending, slotById, rowById, slotOfConsignment };
  const stopsOf = (slot: SlotView) => pending[slot.id] ?? slot.stops;

  const reorder = useCallback(
    (slot: SlotView, from: number, to: number) => {
      const base = latest.current.pending[slot.id] ?? slot.stops;
      const result = moveStop(base, from, to);
      if (!result.ok) {
        notify('planning.stop.pickupOrder', {
          type: 'warning',
          autoHideDuration: toastTimeouts.short,
        });
        return;
      }
      if (sameOrder(result.stops, base)) return;
      const stops = result.stops;
      setPending((p) => ({ ...p, [slot.id]: stops }));
      void (async () => {
        const answer = await run('UPDATE_ROUTE', { slotId: slot.id, stops });
        if (answer) await refreshSlotsEverywhere(queryClient, [slot.id]);
        setPending((p) => {
          if (p[slot.id] !== stops) return p;
          const { [slot.id]: _done, ...rest } = p;
          return rest;
        });
      })();
    },
    [notify, run, queryClient],
  );

  // Planning on a slot: a move from another slot asks first; over capacity offers "plan anyway".
  const [planRequest, setPlanRequest] = useState<{
    ids: string[];
    fromSlotId: string | null;
  } | null>(null);
  const [moveConfirm, setMoveConfirm] = useState<{
    ids: string[];
    slotId: string;
    from: string[];
  } | null>(null);
  const [capacity, setCapacity] = useState<{
    ids: string[];
    slotId: string;
    over: { kind: LoadKind; amount: number }[];
  } | null>(null);
  const [busy, setBusy] = useState(false);

  const send = useCallback(
    async (ids: string[], slotId: string, force: boolean) => {
      const slot = latest.current.slotById.get(slotId);
      setBusy(true);
      const answer = await run(
        'UPDATE_CONSIGNMENT_SLOT',
        { consignmentIds: ids, slotId, force },
        {
          success: 'planning.plan.done',
          successArgs: { smart_count: ids.length, slot: slot?.name ?? slotId },
          onFailure: (err) => {
            const e = failureOfType(err, 'CAPACITY_EXCEEDED');
            if (!e) return false;
            setCapacity({ ids, slotId, over: capacityOverage(e.params) });
            return true;
          },
        },
      );
      setBusy(false);
      if (answer) {
        setJustPlanned((p) => new Set([...p, ...ids]));
        dispatch({ type: 'clear' });
        setSelectedStops(new Set());
      }
      return answer !== null;
    },
    [run],
  );

  const plan = useCallback(
    (ids: string[], slotId: string, fromSlotId: string | null = null) => {
      const { rowById: byId, slotOfConsignment: planned } = latest.current;
      const onSlot = (id: string) => planned.get(id) ?? byId.get(id)?.slotId ?? fromSlotId;
      const fresh = ids.filter((id) => onSlot(id) !== slotId);
      if (fresh.length === 0) return;
      const from = [...new Set(fresh.map(onSlot).filter((s): s is string => !!s))];
      if (from.length > 0) setMoveConfirm({ ids: fresh, slotId, from });
      else void send(fresh, slotId, false);
    },
    [send],
  );
  const onDropIds = useCallback((slotId: string, ids: string[]) => plan(ids, slotId), [plan]);
  const openPlan = useCallback((ids: string[]) => setPlanRequest({ ids, fromSlotId: null }), []);

  // Unassign (one, the selection, or a whole slot) asks first; force also takes collected ones.
  const [unassignRequest, setUnassignRequest] = useState<string[] | null>(null);
  const [force, setForce] = useState(false);
  const unassign = async () => {
    if (!unassignRequest) return;
    setBusy(true);
    try {
      const outcome = await runUnassign(unassignRequest, force);
      const failed = outcome.failed;
      notify(
        <span data-testid="unassign-result">
          {translate('planning.unassign.result', {
            ok: outcome.succeeded.length,
            failed: failed.length,
          })}
          {failed.slice(0, 5).map((f) => (
            <span key={f.id} style={{ display: 'block' }}>
              {translate('planner.bulk.failure', {
                id: f.id,
                reason: f.errorType
                  ? translate(`errors.${f.errorType}`, { _: f.description ?? f.errorType })
                  : (f.description ?? translate('errors.unknown')),
              })}
            </span>
          ))}
        </span>,
        {
          type:
            failed.length === 0 ? 'success' : outcome.succeeded.length === 0 ? 'error' : 'warning',
          autoHideDuration: failed.length === 0 ? toastTimeouts.default : toastTimeouts.notice,
        },
      );
      setSelectedStops((sel) => {
        const next = new Set(sel);
        for (const id of outcome.succeeded) next.delete(id);
        return next;
      });
      void queryClient.invalidateQueries({ queryKey: [SLOT_VIEWS] });
    } catch {
      notify('errors.server', { type: 'error' });
    } finally {
      setBusy(false);
      setUnassignRequest(null);
      setForce(false);
    }
  };

  // Menus of a stop and of a slot.
  const [stopMenu, setStopMenu] = useState<{
    anchor: HTMLElement;
    slot: SlotView;
    point: RoutePoint;
  } | null>(null);
  const [slotMenu, setSlotMenu] = useState<{ anchor: HTMLElement; slot: SlotView } | null>(null);
  const onStopMenu = useCallback(
    (anchor: HTMLElement, slot: SlotView, point: RoutePoint) =>
      setStopMenu({ anchor, slot, point }),
    [],
  );
  const onSlotMenu = useCallback(
    (anchor: HTMLElement, slot: SlotView) => setSlotMenu({ anchor, slot }),
    [],
  );
  const [slotDialog, setSlotDialog] = useState<{ slot: SlotView | null } | null>(null);
  const [deleteSlot, setDeleteSlot] = useState<SlotView | null>(null);
  const [durations, setDurations] = useState<string[] | null>(null);
  const [printAnchor, setPrintAnchor] = useState<HTMLElement | null>(null);

  const orderIdsOf = (ids: readonly string[]) => ids.map((id) => rowById.get(id)?.orderId ?? id);
  const onRowDurations = useCallback(
    (ids: string[]) => setDurations(ids.map((id) => latest.current.rowById.get(id)?.orderId ?? id)),
    [],
  );

  // Stop drags (dnd-kit): within a slot a reorder, onto another slot a move.
  const sensors = useSensors(
    useSensor(PointerSensor, pointerOptions),
    useSensor(KeyboardSensor, keyboardOptions),
  );
  const [dragging, setDragging] = useState<StopDragData | null>(null);
  const onDragStart = (e: DragStartEvent) =>
    setDragging((e.active.data.current as StopDragData | undefined) ?? null);
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragging(null);
    const a = active.data.current as StopDragData | undefined;
    const o = over?.data.current as (Partial<StopDragData> & { slotId?: string }) | undefined;
    if (!a || !o?.slotId) return;
    if (o.slotId === a.slotId) {
      const slot = slotById.get(a.slotId);
      if (!slot || !o.key) return;
      const stops = stopsOf(slot);
      const from = indexOfKey(stops, a.key);
      const to = indexOfKey(stops, o.key);
      if (from >= 0 && to >= 0 && from !== to) reorder(slot, from, to);
    } else if (a.consignmentId) {
      plan([a.consignmentId], o.slotId, a.slotId);
    }
  };
  const slotNameOf = (id: string | undefined) => (id ? (slotById.get(id)?.name ?? id) : '');
  const announcements: Announcements = {
    onDragStart: ({ active }) =>
      translate('planning.dnd.picked', { stop: (active.data.current as StopDragData).label }),
    onDragOver: ({ active, over }) =>
      over
        ? translate('planning.dnd.over', {
            stop: (active.data.current as StopDragData).label,
            target:
              (over.data.current as Partial<StopDragData> | undefined)?.label ??
              slotNameOf((over.data.current as { slotId?: string } | undefined)?.slotId),
          })
        : translate('planning.dnd.outside', { stop: (active.data.current as StopDragData).label }),
    onDragEnd: ({ active, over }) =>
      over
        ? translate('planning.dnd.dropped', { stop: (active.data.current as StopDragData).label })
        : translate('planning.dnd.cancelled', {
            stop: (active.data.current as StopDragData).label,
          }),
    onDragCancel: ({ active }) =>
      translate('planning.dnd.cancelled', { stop: (active.data.current as StopDragData).label }),
  };

  // The slot of the URL comes into view once.
  const focused = useRef<string | null>(null);
  useEffect(() => {
    if (!focusId || focused.current === focusId || !slotById.has(focusId)) return;
    focused.current = focusId;
    document
      .querySelector(`[data-slot-id="${focusId}"]`)
      ?.scrollIntoView({ block: 'start', behavior: 'auto' });
  }, [focusId, slotById]);

  const [scrollRoot, setScrollRoot] = useState<HTMLElement | null>(null);
  const gridHeight = useViewportHeight(330, 300);
  const boardHeight = useViewportHeight(200, 420);
  const stopIds = [...selectedStops];
  const day = printLinks.day(departmentId, date);

  if (!isSlotIdParam(focusId)) return <NotFound />;

  const closeSlotMenu = () => setSlotMenu(null);
  const menuSlot = slotMenu?.slot ?? null;
  const menuSlotConsignments = menuSlot ? consignmentsOnSlot(menuSlot.stops) : [];
  const slotLinks = menuSlot ? printLinks.slot(departmentId, menuSlot.date, menuSlot.id) : null;
  const transition = async (slot: SlotView, t: 'completePlanning' | 'reopenPlanning') => {
    closeSlotMenu();
    await run(
      'CHANGE_SLOT_STATE',
      { slotId: slot.id, transition: t },
      { success: `planning.slot.${t}Done`, successArgs: { name: slot.name } },
    );
  };

  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <PageHeader
        title={`${translate('pages.planning')}${dep.option ? ` · ${dep.option.name}` : ''}`}
      >
        <DateField
          label={translate('app.date')}
          value={date}
          onChange={onDateChange}
          minWidth={170}
        />
        {mayCreate ? (
          <Button
            variant="contained"
            color="secondary"
            startIcon={<AddIcon />}
            onClick={() => setSlotDialog({ slot: null })}
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
        <Button
          variant="outlined"
          color="secondary"
          startIcon={<PrintIcon />}
          aria-haspopup="menu"
          onClick={(e) => setPrintAnchor(e.currentTarget)}
        >
          {translate('planning.print.day')}
        </Button>
        <Button component={RouterLink} to={dispatchPath(departmentId, date)} color="secondary">
          {translate('menu.dispatch')}
        </Button>
      </PageHeader>
      {slotsQuery.isError || rowsQuery.isError ? (
        <Alert severity="error" sx={{ mb: 1 }}>
          {translate('errors.server')}
        </Alert>
      ) : null}
      <OptimizingPanel
        departmentIds={dep.departmentIds}
        members={dep.members}
        date={date}
        timeZone={dep.timeZone}
        slots={slots}
        rows={rows}
      />
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 5fr) minmax(0, 7fr)' },
          gap: 2,
          alignItems: 'start',
        }}
      >
        <UnassignedPanel
          rows={unassigned}
          loading={dep.loading || (dep.departmentIds.length > 0 && rowsQuery.isPending)}
          timeZone={dep.timeZone}
          height={gridHeight}
          selection={selection}
          onSelection={dispatch}
          canPlan={may.plan && slots.length > 0}
          canSetDurations={may.durations}
          onPlan={openPlan}
          onDurations={onRowDurations}
        />
        <Box
          component="section"
          aria-label={translate('planning.slots.title')}
          sx={{ minWidth: 0 }}
        >
          <Stack direction="row" alignItems="center" spacing={1} sx={{ mb: 1, minHeight: 32 }}>
            <Typography variant="h6" component="h2">
              {translate('planning.slots.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="slot-count">
              {translate('planning.slots.count', { smart_count: slots.length })}
            </Typography>
          </Stack>
          {stopIds.length > 0 ? (
            <Paper
              variant="outlined"
              role="toolbar"
              aria-label={translate('planning.stops.selected', { smart_count: stopIds.length })}
              sx={{
                px: 1.5,
                py: 0.5,
                mb: 1,
                display: 'flex',
                alignItems: 'center',
                gap: 1,
                flexWrap: 'wrap',
              }}
            >
              <Typography data-testid="stops-selected" sx={{ fontWeight: 600, mr: 1 }}>
                {translate('planning.stops.selected', { smart_count: stopIds.length })}
              </Typography>
              {may.plan ? (
                <Button
                  size="small"
                  variant="outlined"
                  color="secondary"
                  onClick={() => setPlanRequest({ ids: stopIds, fromSlotId: null })}
                >
                  {translate('planning.stops.move')}
                </Button>
              ) : null}
              {may.unassign ? (
                <Button
                  size="small"
                  variant="outlined"
                  color="error"
                  onClick={() => setUnassignRequest(stopIds)}
                >
                  {translate('planning.unassign.action')}
                </Button>
              ) : null}
              {may.durations ? (
                <Button
                  size="small"
                  variant="outlined"
                  color="secondary"
                  onClick={() => setDurations(orderIdsOf(stopIds))}
                >
                  {translate('planning.durations.open')}
                </Button>
              ) : null}
              <Button size="small" color="secondary" onClick={() => setSelectedStops(new Set())}>
                {translate('planner.bulk.clear')}
              </Button>
            </Paper>
          ) : null}
          <DndContext
            sensors={sensors}
            collisionDetection={stopCollisions}
            onDragStart={onDragStart}
            onDragEnd={onDragEnd}
            onDragCancel={() => setDragging(null)}
            accessibility={{
              announcements,
              screenReaderInstructions: { draggable: translate('planning.dnd.instructions') },
            }}
          >
            <Box
              ref={setScrollRoot}
              data-testid="slot-board"
              sx={(theme) => ({
                ...boardSx(theme),
                display: 'grid',
                gridTemplateColumns: 'repeat(auto-fill, minmax(340px, 1fr))',
                gap: 1.5,
                alignContent: 'start',
                maxHeight: boardHeight,
                overflowY: 'auto',
                pr: 0.5,
              })}
            >
              <ScrollRootContext.Provider value={scrollRoot}>
                {slots.length === 0 ? (
                  <Typography
                    color="text.secondary"
                    sx={{ py: 2 }}
                    data-testid={slotsQuery.isPending ? 'slots-loading' : 'slots-none'}
                  >
                    {slotsQuery.isPending && dep.departmentIds.length > 0
                      ? translate('app.loading')
                      : translate('planning.slots.none')}
                  </Typography>
                ) : (
                  slots.map((slot) => (
                    <SlotCard
                      key={slot.id}
                      slot={slot}
                      stops={stopsOf(slot)}
                      departmentId={departmentId}
                      unitName={slot.unitId ? (unitName.get(slot.unitId) ?? slot.unitId) : null}
                      courierName={
                        slot.courierId ? (courierName.get(slot.courierId) ?? slot.courierId) : null
                      }
                      timeZone={dep.timeZone}
                      focused={slot.id === focusId}
                      suggested={suggestedSlots.has(slot.id)}
                      may={may}
                      selectedStops={selectedStops}
                      onToggleStop={toggleStop}
                      onReorder={reorder}
                      onDropIds={onDropIds}
                      onStopMenu={onStopMenu}
                      onSlotMenu={onSlotMenu}
                    />
                  ))
                )}
              </ScrollRootContext.Provider>
            </Box>
            <DragOverlay dropAnimation={null}>
              {dragging ? (
                <Paper elevation={6} sx={{ px: 1.5, py: 0.75, fontSize: 13, maxWidth: 360 }}>
                  {dragging.label}
                </Paper>
              ) : null}
            </DragOverlay>
          </DndContext>
        </Box>
      </Box>

      <Menu anchorEl={printAnchor} open={printAnchor !== null} onClose={() => setPrintAnchor(null)}>
        <MenuItem component={RouterLink} to={day.receiptList} onClick={() => setPrintAnchor(null)}>
          {translate('planning.print.receiptList')}
        </MenuItem>
        <MenuItem component={RouterLink} to={day.loadList} onClick={() => setPrintAnchor(null)}>
          {translate('planning.print.loadList')}
        </MenuItem>
      </Menu>

      <Menu
        anchorEl={stopMenu?.anchor ?? null}
        open={stopMenu !== null}
        onClose={() => setStopMenu(null)}
      >
        {stopMenu && may.plan ? (
          <MenuItem
            onClick={() => {
              setPlanRequest({
                ids: [stopMenu.point.consignmentId!],
                fromSlotId: stopMenu.slot.id,
              });
              setStopMenu(null);
            }}
          >
            {translate('planning.stop.moveTo')}
          </MenuItem>
        ) : null}
        {stopMenu && may.unassign ? (
          <MenuItem
            onClick={() => {
              setUnassignRequest([stopMenu.point.consignmentId!]);
              setStopMenu(null);
            }}
          >
            {translate('planning.unassign.action')}
          </MenuItem>
        ) : null}
        {stopMenu && may.durations ? (
          <MenuItem
            onClick={() => {
              setDurations(orderIdsOf([stopMenu.point.consignmentId!]));
              setStopMenu(null);
            }}
          >
            {translate('planning.durations.open')}
          </MenuItem>
        ) : null}
      </Menu>

      <Menu anchorEl={slotMenu?.anchor ?? null} open={slotMenu !== null} onClose={closeSlotMenu}>
        {menuSlot && (may.edit || mayAssign) ? (
          <MenuItem
            onClick={() => {
              setSlotDialog({ slot: menuSlot });
              closeSlotMenu();
            }}
          >
            {translate('planning.slot.edit')}
          </MenuItem>
        ) : null}
        {menuSlot && may.manual ? (
          <MenuItem
            role="menuitemcheckbox"
            aria-checked={menuSlot.manualPlanning}
            onClick={() => {
              closeSlotMenu();
              void run(
                'TOGGLE_SLOT_MANUAL_PLANNING',
                { slot: menuSlot.id },
                {
                  success: menuSlot.manualPlanning
                    ? 'planning.slot.manualOff'
                    : 'planning.slot.manualOn',
                  successArgs: { name: menuSlot.name },
                },
              );
            }}
          >
            <ListItemIcon>
              {menuSlot.manualPlanning ? <CheckIcon fontSize="small" /> : null}
            </ListItemIcon>
            <ListItemText>{translate('planning.slot.manualPlanning')}</ListItemText>
          </MenuItem>
        ) : null}
        {menuSlot && may.state && canSlotTransition('completePlanning', menuSlot.state) ? (
          <MenuItem onClick={() => void transition(menuSlot, 'completePlanning')}>
            {translate('planning.slot.completePlanning')}
          </MenuItem>
        ) : null}
        {menuSlot && may.state && canSlotTransition('reopenPlanning', menuSlot.state) ? (
          <MenuItem onClick={() => void transition(menuSlot, 'reopenPlanning')}>
            {translate('planning.slot.reopenPlanning')}
          </MenuItem>
        ) : null}
        {menuSlot && menuSlotConsignments.length > 0 ? (
          <MenuItem
            onClick={() => {
              setSelectedStops((sel) => new Set([...sel, ...menuSlotConsignments]));
              closeSlotMenu();
            }}
          >
            {translate('planning.slot.selectAll')}
          </MenuItem>
        ) : null}
        {menuSlot && may.unassign && menuSlotConsignments.length > 0 ? (
          <MenuItem
            onClick={() => {
              setUnassignRequest(menuSlotConsignments);
              closeSlotMenu();
            }}
          >
            {translate('planning.slot.unassignAll')}
          </MenuItem>
        ) : null}
        {menuSlot && may.route && menuSlot.stops.some((s) => s.kind === REST_BREAK) ? (
          <MenuItem
            onClick={() => {
              closeSlotMenu();
              void run(
                'DELETE_BREAK_FROM_ROUTE',
                { slotId: menuSlot.id },
                { success: 'planning.slot.breakRemoved', successArgs: { name: menuSlot.name } },
              );
            }}
          >
            {translate('planning.slot.removeBreak')}
          </MenuItem>
        ) : null}
        {menuSlot ? optimizeMenu.items(menuSlot, closeSlotMenu) : null}
        {slotLinks ? <Divider /> : null}
        {slotLinks ? (
          <MenuItem component={RouterLink} to={slotLinks.hdRouteList} onClick={closeSlotMenu}>
            {translate('planning.print.hdRouteList')}
          </MenuItem>
        ) : null}
        {slotLinks ? (
          <MenuItem component={RouterLink} to={slotLinks.loadList} onClick={closeSlotMenu}>
            {translate('planning.print.loadList')}
          </MenuItem>
        ) : null}
        {menuSlot && may.remove ? <Divider /> : null}
        {menuSlot && may.remove ? (
          <MenuItem
            disabled={
              menuSlotConsignments.length > 0 ||
              !['NOT_STARTED', 'PLANNED', 'CANCELLED'].includes(menuSlot.state)
            }
            onClick={() => {
              setDeleteSlot(menuSlot);
              closeSlotMenu();
            }}
          >
            {translate('planning.slot.delete')}
          </MenuItem>
        ) : null}
      </Menu>

      <PlanOnSlotDialog
        open={planRequest !== null}
        count={planRequest?.ids.length ?? 0}
        slots={slots.filter((s) => s.state !== 'COMPLETED' && s.state !== 'CANCELLED')}
        fromSlotId={planRequest?.fromSlotId ?? null}
        timeZone={dep.timeZone}
        onClose={() => setPlanRequest(null)}
        onChoose={(slotId) => {
          const request = planRequest;
          setPlanRequest(null);
          if (request) plan(request.ids, slotId, request.fromSlotId);
        }}
      />
      <ConfirmDialog
        open={moveConfirm !== null}
        title={translate('planning.move.title', { smart_count: moveConfirm?.ids.length ?? 0 })}
        text={translate('planning.move.text', {
          smart_count: moveConfirm?.ids.length ?? 0,
          from: (moveConfirm?.from ?? []).map((id) => slotNameOf(id)).join(', '),
          to: slotNameOf(moveConfirm?.slotId),
        })}
        confirmLabel={translate('planning.move.confirm')}
        busy={busy}
        onClose={() => setMoveConfirm(null)}
        onConfirm={() => {
          const request = moveConfirm;
          setMoveConfirm(null);
          if (request) void send(request.ids, request.slotId, false);
        }}
      />
      <CapacityDialog
        open={capacity !== null}
        slotName={slotNameOf(capacity?.slotId)}
        over={capacity?.over ?? []}
        busy={busy}
        onClose={() => setCapacity(null)}
        onForce={() => {
          const request = capacity;
          setCapacity(null);
          if (request) void send(request.ids, request.slotId, true);
        }}
      />
      <ConfirmDialog
        open={unassignRequest !== null}
        title={translate('planning.unassign.title', { smart_count: unassignRequest?.length ?? 0 })}
        text={translate('planning.unassign.text', { smart_count: unassignRequest?.length ?? 0 })}
        confirmLabel={translate('planning.unassign.confirm')}
        danger
        busy={busy}
        onClose={() => {
          setUnassignRequest(null);
          setForce(false);
        }}
        onConfirm={() => void unassign()}
      >
        <FormControlLabel
          sx={{ mt: 1 }}
          control={<Checkbox checked={force} onChange={(e) => setForce(e.target.checked)} />}
          label={translate('planning.unassign.force')}
        />
      </ConfirmDialog>
      <ConfirmDialog
        open={deleteSlot !== null}
        title={translate('planning.slot.deleteTitle', { name: deleteSlot?.name ?? '' })}
        text={translate('planning.slot.deleteText')}
        confirmLabel={translate('planning.slot.delete')}
        danger
        busy={busy}
        onClose={() => setDeleteSlot(null)}
        onConfirm={() => {
          const slot = deleteSlot;
          setDeleteSlot(null);
          if (slot)
            void run(
              'DELETE_SLOT',
              { id: slot.id },
              { success: 'planning.slot.deleted', successArgs: { name: slot.name } },
            );
        }}
      />
      <SlotDialog
        open={slotDialog !== null}
        slot={slotDialog?.slot ?? null}
        date={date}
        timeZone={dep.timeZone}
        departments={dep.members}
        units={units.data ?? []}
        vehicles={vehicles.data ?? []}
        couriers={couriers.data ?? []}
        may={{ edit: may.edit, assign: mayAssign }}
        onClose={() => setSlotDialog(null)}
      />
      <TemplatesDialog
        open={templatesOpen}
        onClose={() => setTemplatesOpen(false)}
        templates={templates.data ?? []}
        loading={templates.isPending}
        date={date}
        departments={dep.members}
        units={units.data ?? []}
        couriers={couriers.data ?? []}
        canEdit={mayRun(user, 'CREATE_OR_UPDATE_TEMPLATE')}
        canCreateSlots={mayRun(user, 'CREATE_SLOTS_FROM_TEMPLATE')}
        canDelete={mayRun(user, 'DELETE_TEMPLATE')}
      />
      {optimizeMenu.dialog}
      <DurationsDialog
        open={durations !== null}
        orderIds={durations ?? []}
        onClose={() => setDurations(null)}
        onDone={() => {
          dispatch({ type: 'clear' });
          setSelectedStops(new Set());
        }}
      />
    </Box>
  );
}
