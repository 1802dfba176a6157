import { DndContext, DragOverlay } from '@dnd-kit/core';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RouteStop, SlotView } from '@nordlog/contracts';
import { useEffect, useRef, useState, type ComponentProps, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { BoardMap } from './BoardMap';
import { boardSx } from './boardStyles';
import { SlotCard, type SlotCardProps } from './SlotCard';
import { ScrollRootContext } from './useNearViewport';
import { stopCollisions, type useStopDrag } from './useStopDrag';

export interface SlotBoardProps extends Pick<
  SlotCardProps,
  | 'departmentId'
  | 'timeZone'
  | 'may'
  | 'selectedStops'
  | 'onToggleStop'
  | 'onReorder'
  | 'onDropIds'
  | 'onStopMenu'
  | 'onSlotMenu'
> {
  slots: readonly SlotView[];
  /** A slot's stops as shown (a reorder waiting for the server shows at once). */
  stopsOf: (slot: SlotView) => RouteStop[];
  units: ComponentProps<typeof BoardMap>['units'];
  unitName: ReadonlyMap<string, string>;
  courierName: ReadonlyMap<string, string>;
  country: string | undefined;
  /** The map fits its markers again when this changes (the department and day). */
  fitKey: string;
  /** The slot of the URL: brought into view and marked. */
  focusId: string | undefined;
  suggestedSlots: ReadonlySet<string>;
  drag: ReturnType<typeof useStopDrag>;
  height: number;
  /** The slots are being read (for departments there are). */
  loading: boolean;
  /** The slots query has not answered yet. */
  pending: boolean;
  /** The selected stops' toolbar, when stops are selected. */
  toolbar: ReactNode;
}

/**
 * The planning board's slots (PlanningPage): their heading, count and map, the selected stops'
 * toolbar, and the cards in a scrolling grid where stops are dragged within a slot and between
 * slots (dnd-kit).
 */
export function SlotBoard(props: SlotBoardProps) {
  const translate = useTranslate();
  const { slots, drag } = props;
  // The cards render their stops when near this scrolling box's view (useNearViewport).
  const [scrollRoot, setScrollRoot] = useState<HTMLElement | null>(null);
  // The slot of the URL comes into view once, when it is there.
  const focused = useRef<string | null>(null);
  const { focusId } = props;
  const present = !!focusId && slots.some((s) => s.id === focusId);
  useEffect(() => {
    if (!focusId || focused.current === focusId || !present) return;
    focused.current = focusId;
    document
      .querySelector(`[data-slot-id="${focusId}"]`)
      ?.scrollIntoView({ block: 'start', behavior: 'auto' });
  }, [focusId, present]);
  return (
    <Box component="section" aria-label={translate('planning.slots.title')} sx={{ minWidth: 0 }}>
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
          stopsOf={props.stopsOf}
          units={props.units}
          country={props.country}
          fitKey={props.fitKey}
        />
      </Stack>
      {props.toolbar}
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
            maxHeight: props.height,
            overflowY: 'auto',
            pr: 0.5,
          })}
        >
          <ScrollRootContext.Provider value={scrollRoot}>
            {slots.length === 0 ? (
              <Typography
                color="text.secondary"
                sx={{ py: 2 }}
                data-testid={props.pending ? 'slots-loading' : 'slots-none'}
              >
                {props.loading ? translate('app.loading') : translate('planning.slots.none')}
              </Typography>
            ) : (
              slots.map((slot) => (
                <SlotCard
                  key={slot.id}
                  slot={slot}
                  stops={props.stopsOf(slot)}
                  departmentId={props.departmentId}
                  unitName={slot.unitId ? (props.unitName.get(slot.unitId) ?? slot.unitId) : null}
                  courierName={
                    slot.courierId
                      ? (props.courierName.get(slot.courierId) ?? slot.courierId)
                      : null
                  }
                  timeZone={props.timeZone}
                  focused={slot.id === props.focusId}
                  suggested={props.suggestedSlots.has(slot.id)}
                  may={props.may}
                  selectedStops={props.selectedStops}
                  onToggleStop={props.onToggleStop}
                  onReorder={props.onReorder}
                  onDropIds={props.onDropIds}
                  onStopMenu={props.onStopMenu}
                  onSlotMenu={props.onSlotMenu}
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
  );
}
