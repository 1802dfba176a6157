import MyLocationIcon from '@mui/icons-material/MyLocation';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { SlotGroupFilter } from '../planning/SlotGroupFilter';
import { TIME_RANGE } from './constants';
import { stopFilterNames, type MapFilters } from './filters';
import { UNASSIGNED_COLOUR } from './markers';

const hour = (h: number) => `${String(h).padStart(2, '0')}:00`;

/** One entry of the colour legend: a slot of the day, or the stops on none. */
export interface LegendEntry {
  id: string;
  name: string;
  colour: string;
}

function Legend({ entries }: { entries: readonly LegendEntry[] }) {
  const translate = useTranslate();
  const all = [
    ...entries,
    { id: '', name: translate('map.legend.unassigned'), colour: UNASSIGNED_COLOUR },
  ];
  return (
    <Stack
      direction="row"
      component="ul"
      aria-label={translate('map.legend.label')}
      sx={{ listStyle: 'none', p: 0, m: 0, gap: 1.5, flexWrap: 'wrap' }}
    >
      {all.map((e) => (
        <Typography
          component="li"
          variant="body2"
          key={e.id}
          data-testid="map-legend"
          data-colour={e.colour}
        >
          <Box
            component="span"
            aria-hidden
            sx={{
              display: 'inline-block',
              width: 12,
              height: 12,
              borderRadius: '50%',
              bgcolor: e.colour,
              mr: 0.5,
              verticalAlign: 'middle',
            }}
          />
          {e.name}
        </Typography>
      ))}
    </Stack>
  );
}

/**
 * The map's controls (spec §2 map settings): which stops (pickups, deliveries, assigned,
 * unassigned), the slot groups (spec §4), the time range (4 to 24), autoPan, back to the
 * department, how many stops are shown and the slots' colours.
 */
export function MapToolbar(props: {
  filters: MapFilters;
  onFilters: (filters: MapFilters) => void;
  autoPan: boolean;
  onAutoPan: (autoPan: boolean) => void;
  onCentre: () => void;
  shown: number;
  legend: readonly LegendEntry[];
}) {
  const translate = useTranslate();
  const { filters, onFilters } = props;
  return (
    <Box sx={{ mb: 1 }}>
      <Stack direction="row" sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 3 }}>
        <Box
          component="fieldset"
          sx={{ border: 0, p: 0, m: 0, display: 'flex', alignItems: 'center' }}
        >
          <Typography component="legend" variant="body2" sx={{ float: 'left', mr: 1 }}>
            {translate('map.filters.label')}
          </Typography>
          {stopFilterNames.map((name) => (
            <FormControlLabel
              key={name}
              control={
                <Checkbox
                  size="small"
                  checked={filters[name]}
                  onChange={(e) => onFilters({ ...filters, [name]: e.target.checked })}
                />
              }
              label={translate(`map.filters.${name}`)}
            />
          ))}
        </Box>
        <Box sx={{ pt: 1 }}>
          <SlotGroupFilter
            groups={filters.slots}
            onChange={(slots) => onFilters({ ...filters, slots })}
          />
        </Box>
      </Stack>
      <Stack
        direction="row"
        sx={{ alignItems: 'center', flexWrap: 'wrap', columnGap: 3, rowGap: 1 }}
      >
        <Stack direction="row" sx={{ alignItems: 'center', gap: 2, minWidth: 320 }}>
          <Typography variant="body2" id="map-time-range">
            {translate('map.timeRange')}
          </Typography>
          <Slider
            size="small"
            sx={{ width: 200 }}
            min={TIME_RANGE.min}
            max={TIME_RANGE.max}
            step={1}
            value={[...filters.timeRange]}
            onChange={(_, value) => {
              if (Array.isArray(value))
                onFilters({ ...filters, timeRange: [value[0]!, value[1]!] });
            }}
            getAriaLabel={(i) => translate(i === 0 ? 'map.timeFrom' : 'map.timeTo')}
            getAriaValueText={hour}
            valueLabelFormat={hour}
            valueLabelDisplay="auto"
            disableSwap
          />
          <Typography variant="body2" data-testid="map-time-range-value">
            {`${hour(filters.timeRange[0])}–${hour(filters.timeRange[1])}`}
          </Typography>
        </Stack>
        <FormControlLabel
          control={
            <Switch checked={props.autoPan} onChange={(e) => props.onAutoPan(e.target.checked)} />
          }
          label={translate('map.autoPan')}
        />
        <Button
          size="small"
          color="secondary"
          startIcon={<MyLocationIcon />}
          onClick={props.onCentre}
        >
          {translate('map.centre')}
        </Button>
        <Typography variant="body2" data-testid="map-count" aria-live="polite">
          {translate('map.count', { smart_count: props.shown })}
        </Typography>
      </Stack>
      <Legend entries={props.legend} />
    </Box>
  );
}
