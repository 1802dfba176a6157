import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { REST_BREAK, type RoutePoint, type RouteStop, type SlotView } from '@nordlog/contracts';
import { GeoBadges } from '../../maps/GeoMarks';
import { memo } from 'react';
import { useTranslate } from 'react-admin';
import { canMoveStop, clockTime, minutesText } from './planningData';

/** A sortable stop's id: the slot and the stop's key (a key is unique within a slot only). */
export const sortableId = (slotId: string, key: string) => `${slotId}|${key}`;
export interface StopDragData {
  slotId: string;
  key: string;
  consignmentId: string | null;
  label: string;
}

/** How a stop is named in labels: its sequence, type and place. */
export function stopLabel(point: RoutePoint, translate: (k: string) => string): string {
  const type = translate(`enums.stopType.${point.type}`);
  return point.type === REST_BREAK
    ? `${point.sequence}. ${type}`
    : `${point.sequence}. ${type} ${point.shipmentId ?? point.consignmentId ?? ''} ${point.name}`.trim();
}

interface StopRowProps {
  id: string;
  slot: SlotView;
  point: RoutePoint;
  index: number;
  stops: readonly RouteStop[];
  timeZone: string;
  canReorder: boolean;
  canUnassign: boolean;
  canSelect: boolean;
  selected: boolean;
  onToggle: (consignmentId: string) => void;
  onReorder: (slot: SlotView, from: number, to: number) => void;
  onMenu: (anchor: HTMLElement, slot: SlotView, point: RoutePoint) => void;
}

/** One stop of a route (spec §3 route point): sequence, type, place, arrival–end, late, done. */
export const StopRow = memo(function StopRow(props: StopRowProps) {
  const translate = useTranslate();
  const { point, slot, index } = props;
  const label = stopLabel(point, translate);
  const data: StopDragData = {
    slotId: slot.id,
    key: point.key,
    consignmentId: point.consignmentId,
    label,
  };
  const sortable = useSortable({
    id: props.id,
    data,
    disabled: !props.canReorder,
    attributes: { roleDescription: translate('planning.dnd.roleDescription') },
  });
  const style = {
    transform: CSS.Translate.toString(sortable.transform),
    transition: sortable.transition,
  };
  const up = props.canReorder && canMoveStop(props.stops, index, -1);
  const down = props.canReorder && canMoveStop(props.stops, index, 1);
  const type = translate(`enums.stopType.${point.type}`);
  const place =
    point.type === REST_BREAK
      ? ''
      : [point.name, [point.address, point.zipCode].filter(Boolean).join(' ')]
          .filter(Boolean)
          .join(', ');
  const classes = ['pl-stop'];
  if (props.selected) classes.push('pl-selected');
  if (sortable.isDragging) classes.push('pl-dragging');
  return (
    <div
      ref={sortable.setNodeRef}
      role="listitem"
      aria-label={label}
      className={classes.join(' ')}
      data-testid="stop"
      data-stop-key={point.key}
      data-stop-type={point.type}
      data-consignment-id={point.consignmentId ?? undefined}
      style={style}
    >
      <button
        type="button"
        ref={sortable.setActivatorNodeRef}
        {...sortable.attributes}
        {...sortable.listeners}
        className="pl-btn pl-svg-drag"
        aria-label={translate('planning.stop.drag', { stop: label })}
        disabled={!props.canReorder}
      />
      {point.consignmentId !== null && props.canSelect ? (
        <input
          type="checkbox"
          checked={props.selected}
          aria-label={translate('planning.stop.select', { stop: label })}
          onChange={() => props.onToggle(point.consignmentId!)}
        />
      ) : (
        <span className="pl-nocheck" />
      )}
      <span className="pl-seq">{point.sequence}</span>
      <span className="pl-type" data-type={point.type} title={type} data-testid="stop-type">
        {type}
      </span>
      <span
        className="pl-place"
        title={place ? `${point.shipmentId ?? point.consignmentId} · ${place}` : undefined}
        data-testid="stop-place"
      >
        {place}
      </span>
      <span className="pl-times" data-testid="stop-times">
        {/* A break shows when it is taken; a stop when the courier gets there. */}
        {clockTime(point.type === REST_BREAK ? point.start : point.arrival, props.timeZone)}–
        {clockTime(point.endTime, props.timeZone)}
      </span>
      <GeoBadges point={point} />
      {point.waitingMinutes > 0 ? (
        <span
          className="pl-wait"
          data-testid="stop-waiting"
          title={translate('planning.stop.waiting', {
            time: minutesText(point.waitingMinutes, translate),
            start: clockTime(point.start, props.timeZone),
          })}
        >
          {translate('planning.stop.waitingShort', {
            time: minutesText(point.waitingMinutes, translate),
          })}
        </span>
      ) : null}
      {point.late ? (
        <span
          className="pl-mark pl-late"
          role="img"
          aria-label={translate('planning.stop.late')}
          title={translate('planning.stop.late')}
          data-testid="stop-late"
        />
      ) : null}
      {point.done ? (
        <span
          className="pl-mark pl-done"
          role="img"
          aria-label={translate('planning.stop.done')}
          title={translate('planning.stop.done')}
          data-testid="stop-done"
        />
      ) : null}
      {props.canReorder ? (
        <>
          <button
            type="button"
            className="pl-btn pl-svg-up"
            disabled={!up}
            aria-label={translate('planning.stop.moveUp', { stop: label })}
            onClick={() => props.onReorder(slot, index, index - 1)}
          />
          <button
            type="button"
            className="pl-btn pl-svg-down"
            disabled={!down}
            aria-label={translate('planning.stop.moveDown', { stop: label })}
            onClick={() => props.onReorder(slot, index, index + 1)}
          />
        </>
      ) : null}
      {point.consignmentId !== null && (props.canUnassign || props.canReorder) ? (
        <button
          type="button"
          className="pl-btn pl-svg-more"
          aria-label={translate('planning.stop.actions', { stop: label })}
          aria-haspopup="menu"
          onClick={(e) => props.onMenu(e.currentTarget, slot, point)}
        />
      ) : null}
    </div>
  );
});
