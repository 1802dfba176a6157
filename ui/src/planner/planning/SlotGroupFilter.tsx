import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Typography from '@mui/material/Typography';
import { useTranslate } from 'react-admin';
import { slotFilterGroupNames, type SlotFilterGroup } from './planningData';

/**
 * Spec §4 slot filter groups (active, not started, completed; all on by default) as a row of
 * checkboxes: dispatch's and the live view's filter.
 */
export function SlotGroupFilter({
  groups,
  onChange,
}: {
  groups: Record<SlotFilterGroup, boolean>;
  onChange: (next: Record<SlotFilterGroup, boolean>) => void;
}) {
  const translate = useTranslate();
  return (
    <Box
      component="fieldset"
      sx={{
        border: 0,
        p: 0,
        m: 0,
        mb: 1,
        display: 'flex',
        alignItems: 'center',
        gap: 2,
        flexWrap: 'wrap',
      }}
    >
      <Typography component="legend" variant="body2" sx={{ float: 'left', mr: 1 }}>
        {translate('planning.dispatch.filter')}
      </Typography>
      <FormGroup row>
        {slotFilterGroupNames.map((g) => (
          <FormControlLabel
            key={g}
            control={
              <Checkbox
                size="small"
                checked={groups[g]}
                onChange={(e) => onChange({ ...groups, [g]: e.target.checked })}
              />
            }
            label={translate(`planning.dispatch.groups.${g}`)}
          />
        ))}
      </FormGroup>
    </Box>
  );
}
