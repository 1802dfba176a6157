import {
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
import type { RouteStop, SlotView } from '@nordlog/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { indexOfKey } from './planningData';
import type { StopDragData } from './SlotCard';

/** Collisions of a stop drag: the stop or slot under the pointer; by keyboard, the own route. */
export const stopCollisions: CollisionDetection = (args) => {
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

/**
 * The drag sensors' options, made once: dnd-kit keeps a sensor while its options object stays the
 * same, and a new one on each render gave the drag context a new value on each render, which drew
 * every slot card and stop again on every change to the day (issue 14's bench).
 */
const pointerOptions = { activationConstraint: { distance: 4 } };
const keyboardOptions = { coordinateGetter: sortableKeyboardCoordinates };

/**
 * Stop drags on the planning board (dnd-kit): within a slot a reorder, onto another slot a move;
 * the screen reader hears what is picked, where it is over, and where it is dropped.
 */
export function useStopDrag(props: {
  slotById: ReadonlyMap<string, SlotView>;
  stopsOf: (slot: SlotView) => RouteStop[];
  reorder: (slot: SlotView, from: number, to: number) => void;
  plan: (ids: string[], slotId: string, fromSlotId: string | null) => void;
  slotNameOf: (id: string | undefined) => string;
}) {
  const { slotById, stopsOf, reorder, plan, slotNameOf } = props;
  const translate = useTranslate();
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
  const onDragCancel = () => setDragging(null);
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
  return { sensors, dragging, onDragStart, onDragEnd, onDragCancel, announcements };
}
