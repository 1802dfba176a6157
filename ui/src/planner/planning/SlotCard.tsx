import { useDroppable } from '@dnd-kit/core';
import { SortableContext, verticalListSortingStrategy } from '@dnd-kit/sortable';
import {
  REST_BREAK,
  routeChangeable,
  stopKey,
  type RoutePoint,
  type RouteStop,
  type SlotView,
} from '@nordlog/contracts';
import { memo, useMemo, useRef, useState, type DragEvent } from 'react';
import { useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import { dragMimeType } from '../../grid/types';
import { CapacityBars } from './CapacityBars';
import { clockTime, minutesText, planningPath } from './planningData';
import { useNearViewport } from './useNearViewport';
import { sortableId, StopRow } from './StopRow';

export type { StopDragData } from './StopRow';

/** What a user may do on the board (spec §6: the command table, as the server checks it). */
export interface BoardPermissions {
  plan: boolean;
  route: boolean;
  unassign: boolean;
  edit: boolean;
  state: boolean;
  manual: boolean;
  remove: boolean;
  durations: boolean;
}

export interface SlotCardProps {
  slot: SlotView;
  /** The stops in the order shown (a reorder waiting for the server shows at once). */
  stops: readonly RouteStop[];
  departmentId: string;
  unitName: string | null;
  courierName: string | null;
  timeZone: string;
  focused: boolean;
  /** The slot has a suggested route waiting to be applied or cancelled. */
  suggested?: boolean;
  may: BoardPermissions;
  selectedStops: ReadonlySet<string>;
  onToggleStop: (consignmentId: string) => void;
  onReorder: (slot: SlotView, from: number, to: number) => void;
  /** Consignments dropped on the slot from the unassigned grid (its drag handle). */
  onDropIds: (slotId: string, ids: string[]) => void;
  onStopMenu: (anchor: HTMLElement, slot: SlotView, point: RoutePoint) => void;
  onSlotMenu: (anchor: HTMLElement, slot: SlotView) => void;
}

/**
 * A slot of the board (UI.md planning): name, time, unit, courier, state, manual-planning flag,
 * load against each capacity, and its stops in order. Shipments dragged from the unassigned grid
 * drop on it (HTML drag and drop, the grid's handle); its stops reorder by dragging (dnd-kit,
 * pointer or keyboard) or with the move-up and move-down buttons. Plain elements with the board's
 * classes (boardStyles): 50 cards of MUI components were most of a big day's first render.
 */
export const SlotCard = memo(function SlotCard(props: SlotCardProps) {
  const translate = useTranslate();
  const { slot, timeZone, may } = props;
  const cardRef = useRef<HTMLElement | null>(null);
  const near = useNearViewport(cardRef, props.focused);
  const changeable = routeChangeable(slot.state);
  const { setNodeRef, isOver } = useDroppable({
    id: `slot:${slot.id}`,
    data: { slotId: slot.id },
    disabled: !may.plan || !changeable,
  });
  const [dropping, setDropping] = useState(false);
  const points = useMemo(() => {
    const byKey = new Map((slot.routePoints ?? []).map((p) => [p.key, p]));
    return props.stops
      .map((s, i) => {
        const p = byKey.get(stopKey(s));
        return p ? { ...p, sequence: i + 1 } : null;
      })
      .filter((p): p is RoutePoint => p !== null);
  }, [slot.routePoints, props.stops]);
  const ids = useMemo(() => points.map((p) => sortableId(slot.id, p.key)), [points, slot.id]);
  const acceptsDrop = may.plan && changeable;
  const onDragOver = (e: DragEvent) => {
    if (!acceptsDrop || !e.dataTransfer.types.includes(dragMimeType)) return;
    e.preventDefault();
    e.dataTransfer.dropEffect = 'move';
    if (!dropping) setDropping(true);
  };
  const onDrop = (e: DragEvent) => {
    setDropping(false);
    const raw = e.dataTransfer.getData(dragMimeType);
    if (!acceptsDrop || !raw) return;
    e.preventDefault();
    try {
      const dropped = (JSON.parse(raw) as unknown[]).map(String);
      if (dropped.length > 0) props.onDropIds(slot.id, dropped);
    } catch {
      // Not a drag of the grid's rows.
    }
  };
  const totals = slot.totals;
  const setRefs = (el: HTMLElement | null) => {
    cardRef.current = el;
    setNodeRef(el);
  };
  const from = clockTime(slot.timeFrom, timeZone);
  const to = clockTime(slot.timeTo, timeZone);
  const none = translate('planning.slot.none');
  const people = [
    `${translate('planning.slot.unit')}: ${props.unitName ?? none}`,
    `${translate('planning.slot.courier')}: ${props.courierName ?? none}`,
    ...(totals
      ? [
          translate('planning.slot.totals', {
            stops: points.filter((p) => p.type !== REST_BREAK).length,
            km: totals.distanceKm,
            end: clockTime(totals.endTime, timeZone) || '–',
          }),
        ]
      : []),
    ...(totals && totals.waitingMinutes > 0
      ? [
          translate('planning.slot.waiting', {
            time: minutesText(totals.waitingMinutes, translate),
          }),
        ]
      : []),
  ].join(' · ');
  const lateText =
    totals && totals.late > 0 ? translate('planning.slot.late', { smart_count: totals.late }) : '';
  const overtimeText =
    totals && totals.overtimeMinutes > 0
      ? translate('planning.slot.overtime', {
          time: minutesText(totals.overtimeMinutes, translate),
        })
      : '';
  const classes = ['pl-card'];
  if (props.focused) classes.push('pl-focused');
  if (isOver || dropping) classes.push('pl-over');
  return (
    <section
      ref={setRefs}
      className={classes.join(' ')}
      aria-label={translate('planning.slot.label', { name: slot.name })}
      data-testid="slot-card"
      data-slot-id={slot.id}
      data-slot-state={slot.state}
      onDragOver={onDragOver}
      onDragLeave={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDropping(false);
      }}
      onDrop={onDrop}
    >
      <div className="pl-head">
        <h2 className="pl-name" title={`${slot.name} ${from}`}>
          <Link to={planningPath(props.departmentId, slot.date, slot.id)}>{slot.name}</Link>
        </h2>
        <span className="pl-time">
          {from}
          {to ? `–${to}` : ''}
        </span>
        <span className="pl-chip" data-state={slot.state} data-testid="slot-state">
          {translate(`enums.slotState.${slot.state}`)}
        </span>
        {slot.manualPlanning ? (
          <span className="pl-chip" data-testid="slot-manual">
            {translate('planning.slot.manualPlanning')}
          </span>
        ) : null}
        {lateText ? (
          <span className="pl-chip pl-alert" data-testid="slot-late" role="status">
            {lateText}
          </span>
        ) : null}
        {overtimeText ? (
          <span className="pl-chip pl-alert" data-testid="slot-overtime" role="status">
            {overtimeText}
          </span>
        ) : null}
        {props.suggested ? (
          <span className="pl-chip" data-testid="slot-suggested">
            {translate('optimizing.slot.suggested')}
          </span>
        ) : null}
        <button
          type="button"
          className="pl-btn pl-menu pl-svg-more"
          aria-label={translate('planning.slot.actions', { name: slot.name })}
          aria-haspopup="menu"
          onClick={(e) => props.onSlotMenu(e.currentTarget, slot)}
        />
      </div>
      <div className="pl-people" data-testid="slot-people" title={people}>
        {people}
      </div>
      <CapacityBars load={slot.load} capacity={slot.capacity} />
      <div
        className="pl-stops"
        // A list only while it shows its stops (an empty or not yet drawn one holds no items).
        {...(points.length > 0 && near
          ? { role: 'list', 'aria-label': translate('planning.slot.stops', { name: slot.name }) }
          : {})}
      >
        {points.length === 0 ? (
          <div className="pl-empty">
            {acceptsDrop ? translate('planning.slot.dropHere') : translate('planning.slot.empty')}
          </div>
        ) : near ? (
          <SortableContext
            id={`stops:${slot.id}`}
            items={ids}
            strategy={verticalListSortingStrategy}
          >
            {points.map((point, index) => (
              <StopRow
                key={point.key}
                id={ids[index]!}
                slot={slot}
                point={point}
                index={index}
                stops={props.stops}
                timeZone={timeZone}
                canReorder={may.route && changeable}
                canUnassign={may.unassign}
                canSelect={may.unassign || may.plan || may.durations}
                selected={
                  point.consignmentId !== null && props.selectedStops.has(point.consignmentId)
                }
                onToggle={props.onToggleStop}
                onReorder={props.onReorder}
                onMenu={props.onStopMenu}
              />
            ))}
          </SortableContext>
        ) : (
          <div style={{ height: Math.min(360, points.length * 34) }} />
        )}
      </div>
    </section>
  );
});

export function slotStateColor(
  state: SlotView['state'],
): 'default' | 'primary' | 'secondary' | 'success' | 'warning' | 'error' | 'info' {
  switch (state) {
    case 'PLANNED':
      return 'info';
    case 'IN_PROGRESS':
      return 'secondary';
    case 'PAUSED':
      return 'warning';
    case 'COMPLETED':
      return 'success';
    case 'CANCELLED':
      return 'error';
    case 'NOT_STARTED':
      return 'default';
  }
}
