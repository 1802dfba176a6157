import { DndContext, DragOverlay } from '@dnd-kit/core';
import AddIcon from '@mui/icons-material/Add';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ASSIGNABLE_STATES,
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
import { usePlanningCommand } from './commands';
import { ConfirmDialog } from './Dialogs';
import { DurationsDialog } from './DurationsDialog';
import {
  boardDate,
  consignmentsOnSlot,
  dispatchPath,
  isSlotIdParam,
  isUnassigned,
  moveStop,
  planningPath,
  sameOrder,
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
import { BoardMap } from './BoardMap';
import { boardSx } from './boardStyles';
import { SlotCard, type BoardPermissions } from './SlotCard';
import { SlotDialog } from './SlotDialog';
import { TemplatesDialog } from './TemplatesDialog';
import { UnassignedPanel } from './UnassignedPanel';
import { ScrollRootContext } from './useNearViewport';
import { SlotMenu } from './SlotMenu';
import { StopMenu } from './StopMenu';
import { StopsToolbar } from './StopsToolbar';
import { usePlanOnSlot } from './usePlanOnSlot';
import { stopCollisions, useStopDrag } from './useStopDrag';
import { useUnassign } from './useUnassign';
import { useViewportHeight } from './useViewportHeight';
import { PrintDayMenu } from './PrintDayMenu';
import { OptimizeDayButton, OptimizingPanel } from '../optimizing/OptimizingPanel';
import { mayQuery, useRouteSuggestions } from '../optimizing/queries';
import { useSlotOptimizeMenu } from '../optimizing/SlotOptimizeMenu';

const isoDate = /^\d{4}-\d{2}-\d{2}$/;

type Pending = Record<string, RouteStop[]>;

/**
 * The planning board (spec §2 `/planning/{date?}` and `/planning/slots/{date}/{slotId?}`; UI.md
 * planning): the day's unassigned consignments beside the day's slots. A consignment (or the
 * selection) is planned on a slot by dragging it there or by the keyboard (the plus button, the
 * selection's "plan on slot"); a slot's stops reorder by dragging or with move-up and move-down;
 * moving a planned consignment to another slot and unassigning ask first (spec §7). Other
 * planners' changes arrive over the socket (slot views refetch, rows are patched in place).
 */
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
  const slotNameOf = (id: string | undefined) => (id ? (slotById.get(id)?.name ?? id) : '');
  const onPlanned = useCallback((ids: string[]) => {
    setJustPlanned((p) => new Set([...p, ...ids]));
    dispatch({ type: 'clear' });
    setSelectedStops(new Set());
  }, []);
  const planOnSlot = usePlanOnSlot({
    latest,
    slots,
    timeZone: dep.timeZone,
    slotNameOf,
    onPlanned,
  });
  const { plan, setPlanRequest } = planOnSlot;
  const onDropIds = useCallback((slotId: string, ids: string[]) => plan(ids, slotId), [plan]);
  const openPlan = useCallback(
    (ids: string[]) => setPlanRequest({ ids, fromSlotId: null }),
    [setPlanRequest],
  );

  // Unassign (one, the selection, or a whole slot) asks first; force also takes collected ones.
  const onUnassigned = useCallback((ids: readonly string[]) => {
    setSelectedStops((sel) => {
      const next = new Set(sel);
      for (const id of ids) next.delete(id);
      return next;
    });
  }, []);
  const unassignFlow = useUnassign(onUnassigned);
  const setUnassignRequest = unassignFlow.request;
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

  const orderIdsOf = (ids: readonly string[]) => ids.map((id) => rowById.get(id)?.orderId ?? id);
  const onRowDurations = useCallback(
    (ids: string[]) => setDurations(ids.map((id) => latest.current.rowById.get(id)?.orderId ?? id)),
    [],
  );

  // Stop drags (dnd-kit): within a slot a reorder, onto another slot a move.
  const drag = useStopDrag({ slotById, stopsOf, reorder, plan, slotNameOf });
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

  if (!isSlotIdParam(focusId)) return <NotFound />;

  const closeSlotMenu = () => setSlotMenu(null);

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
        <PrintDayMenu departmentId={departmentId} date={date} />
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
          <Stack
            direction="row"
            alignItems="center"
            spacing={1}
            useFlexGap
            flexWrap="wrap"
            sx={{ mb: 1, minHeight: 32 }}
          >
            <Typography variant="h6" component="h2">
              {translate('planning.slots.title')}
            </Typography>
            <Typography variant="body2" color="text.secondary" data-testid="slot-count">
              {translate('planning.slots.count', { smart_count: slots.length })}
            </Typography>
            <BoardMap
              slots={slots}
              stopsOf={stopsOf}
              units={units.data}
              country={dep.option?.country ?? dep.members[0]?.country}
              fitKey={`${departmentId}|${date}`}
            />
          </Stack>
          {stopIds.length > 0 ? (
            <StopsToolbar
              stopIds={stopIds}
              may={may}
              onMove={() => setPlanRequest({ ids: stopIds, fromSlotId: null })}
              onUnassign={() => setUnassignRequest(stopIds)}
              onDurations={() => setDurations(orderIdsOf(stopIds))}
              onClear={() => setSelectedStops(new Set())}
            />
          ) : null}
          <DndContext
            sensors={drag.sensors}
            collisionDetection={stopCollisions}
            onDragStart={drag.onDragStart}
            onDragEnd={drag.onDragEnd}
            onDragCancel={drag.onDragCancel}
            accessibility={{
              announcements: drag.announcements,
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
              {drag.dragging ? (
                <Paper elevation={6} sx={{ px: 1.5, py: 0.75, fontSize: 13, maxWidth: 360 }}>
                  {drag.dragging.label}
                </Paper>
              ) : null}
            </DragOverlay>
          </DndContext>
        </Box>
      </Box>

      <StopMenu
        menu={stopMenu}
        may={may}
        onClose={() => setStopMenu(null)}
        onMove={(id, fromSlotId) => setPlanRequest({ ids: [id], fromSlotId })}
        onUnassign={(id) => setUnassignRequest([id])}
        onDurations={(id) => setDurations(orderIdsOf([id]))}
      />
      <SlotMenu
        menu={slotMenu}
        departmentId={departmentId}
        may={may}
        mayAssign={mayAssign}
        optimizeItems={optimizeMenu.items}
        onClose={closeSlotMenu}
        onEdit={(slot) => setSlotDialog({ slot })}
        onSelectAll={(ids) => setSelectedStops((sel) => new Set([...sel, ...ids]))}
        onUnassign={(ids) => setUnassignRequest(ids)}
        onDelete={(slot) => setDeleteSlot(slot)}
      />
      {planOnSlot.dialogs}
      {unassignFlow.dialog}
      <ConfirmDialog
        open={deleteSlot !== null}
        title={translate('planning.slot.deleteTitle', { name: deleteSlot?.name ?? '' })}
        text={translate('planning.slot.deleteText')}
        confirmLabel={translate('planning.slot.delete')}
        danger
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
