import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import type { BoardPermissions } from './SlotCard';

/** What can be done with the planned stops ticked on the slots: move, unassign, durations. */
export function StopsToolbar(props: {
  stopIds: string[];
  may: BoardPermissions;
  onMove: () => void;
  onUnassign: () => void;
  onDurations: () => void;
  onClear: () => void;
}) {
  const { stopIds, may } = props;
  const translate = useTranslate();
  return (
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
        <Button size="small" variant="outlined" color="secondary" onClick={props.onMove}>
          {translate('planning.stops.move')}
        </Button>
      ) : null}
      {may.unassign ? (
        <Button size="small" variant="outlined" color="error" onClick={props.onUnassign}>
          {translate('planning.unassign.action')}
        </Button>
      ) : null}
      {may.durations ? (
        <Button size="small" variant="outlined" color="secondary" onClick={props.onDurations}>
          {translate('planning.durations.open')}
        </Button>
      ) : null}
      <Button size="small" color="secondary" onClick={props.onClear}>
        {translate('planner.bulk.clear')}
      </Button>
    </Paper>
  );
}
