import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import {
  ASSIGNABLE_STATES,
  type RoutePoint,
  type RouteStop,
  type SlotView,
} from '@nordlog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { mayRun } from '../../access/commands';
import { useShell } from '../../app/UserContext';
import { emptySelection, selectionReducer } from '../../grid/selection';
import { NotFound } from '../../layout/NotFound';
import { usePageTitle } from '../../layout/pageTitle';
import { useLiveDates } from '../../live/LiveProvider';
import { toastTimeouts } from '../../shell/timeouts';
import { usePlanningCommand } from './commands';
import { DurationsDialog } from './DurationsDialog';
import {
  boardDate,
  consignmentsOnSlot,
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
  useUnits,
  useVehicles,
} from './queries';
import { useBoardPermissions } from './useBoardPermissions';
import { SlotDialog } from './SlotDialog';
import { PlanningHeader } from './PlanningHeader';
import { UnassignedPanel } from './UnassignedPanel';
import { SlotMenu } from './SlotMenu';
import { StopMenu } from './StopMenu';
import { SlotBoard } from './SlotBoard';
import { StopsToolbar } from './StopsToolbar';
import { usePlanOnSlot } from './usePlanOnSlot';
import { useStopDrag } from './useStopDrag';
import { useDeleteSlot } from './useDeleteSlot';
import { useUnassign } from './useUnassign';
import { useViewportHeight } from './useViewportHeight';
import { OptimizingPanel } from '../optimizing/OptimizingPanel';
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

  const may = useBoardPermissions(user);
  const mayAssign = mayRun(user, 'ASSIGN_UNIT_TO_SLOT');

  // Data: the day's slots (with load and stops) and consignments, units, couriers, vehicles.
  const { slots, query: slotsQuery } = useSlotViews(dep.departmentIds, date);
  // Only what can still be planned: the planned ones are on the slots' routes (a big day's
  // planned rows were most of the board's download).
  const rowsQuery = useDayConsignments(dep.departmentIds, date, ASSIGNABLE_STATES);
  const units = useUnits(dep.departmentIds);
  const vehicles = useVehicles(dep.departmentIds);
  const couriers = useCouriers(dep.departmentIds);
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
  const deleteSlot = useDeleteSlot();
  const [durations, setDurations] = useState<string[] | null>(null);

  const orderIdsOf = (ids: readonly string[]) => ids.map((id) => rowById.get(id)?.orderId ?? id);
  const onRowDurations = useCallback(
    (ids: string[]) => setDurations(ids.map((id) => latest.current.rowById.get(id)?.orderId ?? id)),
    [],
  );

  // Stop drags (dnd-kit): within a slot a reorder, onto another slot a move.
  const drag = useStopDrag({ slotById, stopsOf, reorder, plan, slotNameOf });
  const gridHeight = useViewportHeight(330, 300);
  const boardHeight = useViewportHeight(200, 420);
  const stopIds = [...selectedStops];

  if (!isSlotIdParam(focusId)) return <NotFound />;

  const closeSlotMenu = () => setSlotMenu(null);

  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <PlanningHeader
        departmentId={departmentId}
        date={date}
        dep={dep}
        units={units.data ?? []}
        couriers={couriers.data ?? []}
        onDateChange={onDateChange}
        onNewSlot={() => setSlotDialog({ slot: null })}
      />
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
        <SlotBoard
          slots={slots}
          stopsOf={stopsOf}
          units={units.data}
          unitName={unitName}
          courierName={courierName}
          country={dep.option?.country ?? dep.members[0]?.country}
          fitKey={`${departmentId}|${date}`}
          departmentId={departmentId}
          timeZone={dep.timeZone}
          focusId={focusId}
          suggestedSlots={suggestedSlots}
          may={may}
          selectedStops={selectedStops}
          onToggleStop={toggleStop}
          onReorder={reorder}
          onDropIds={onDropIds}
          onStopMenu={onStopMenu}
          onSlotMenu={onSlotMenu}
          drag={drag}
          height={boardHeight}
          loading={slotsQuery.isPending && dep.departmentIds.length > 0}
          pending={slotsQuery.isPending}
          toolbar={
            stopIds.length > 0 ? (
              <StopsToolbar
                stopIds={stopIds}
                may={may}
                onMove={() => setPlanRequest({ ids: stopIds, fromSlotId: null })}
                onUnassign={() => setUnassignRequest(stopIds)}
                onDurations={() => setDurations(orderIdsOf(stopIds))}
                onClear={() => setSelectedStops(new Set())}
              />
            ) : null
          }
        />
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
        onDelete={deleteSlot.ask}
      />
      {planOnSlot.dialogs}
      {unassignFlow.dialog}
      {deleteSlot.dialog}
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
