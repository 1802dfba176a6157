import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RouteStop, SlotView, UnitRow } from '@nordlog/contracts';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import {
  pointsInOrder,
  routeLine,
  slotRouteColours,
  type RouteLineSpec,
} from '../../maps/routeLineData';
import { RouteMap } from '../../maps/RouteMap';

/**
 * The planning board's map (docs/decisions/0037-planmap.md, a chunk of its own): each slot's
 * route in its unit's colour (the live map's), place to place in the order the board shows
 * (a reorder waiting for the server too), and which colour is which slot.
 */
export default function PlanningMap(props: {
  slots: readonly SlotView[];
  stopsOf: (slot: SlotView) => readonly RouteStop[];
  units: readonly UnitRow[] | undefined;
  centre: { lat: number; lng: number };
  fitKey: string;
}) {
  const translate = useTranslate();
  const { slots, stopsOf, units } = props;
  const colours = useMemo(() => slotRouteColours(slots, units), [slots, units]);
  const lines = useMemo(
    (): RouteLineSpec[] =>
      slots.map((slot) => ({
        slotId: slot.id,
        kind: 'current',
        colour: colours.get(slot.id)!,
        dashed: false,
        latlngs: routeLine(pointsInOrder(slot.routePoints ?? [], stopsOf(slot))),
      })),
    [slots, stopsOf, colours],
  );
  return (
    <Box sx={{ mb: 1.5 }}>
      <RouteMap
        label={translate('planning.map.label')}
        testId="planning-map"
        lines={lines}
        centre={props.centre}
        fitKey={props.fitKey}
        height={320}
      />
      <Stack
        direction="row"
        component="ul"
        useFlexGap
        flexWrap="wrap"
        spacing={1.5}
        aria-label={translate('planning.map.legend')}
        sx={{ listStyle: 'none', m: 0, mt: 0.5, p: 0 }}
      >
        {slots.map((slot) => (
          <Typography
            key={slot.id}
            component="li"
            variant="body2"
            data-testid="planning-map-legend"
            data-slot-id={slot.id}
            data-colour={colours.get(slot.id)}
            sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}
          >
            <Box
              component="span"
              aria-hidden
              sx={{ width: 16, height: 4, borderRadius: 1, bgcolor: colours.get(slot.id) }}
            />
            {slot.name}
          </Typography>
        ))}
      </Stack>
    </Box>
  );
}
