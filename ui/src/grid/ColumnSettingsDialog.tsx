import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import { GenericModal } from '../layout/GenericModal';

/**
 * Spec §2 column settings dialog: titled settings, a hide-columns heading, a checkbox per column
 * (ticked = hidden), reset (the grid's default hidden columns) and save-and-close.
 */
export function ColumnSettingsDialog(props: {
  open: boolean;
  columns: readonly { id: string; header: string }[];
  hidden: readonly string[];
  defaults: readonly string[];
  onClose: () => void;
  onSave: (hidden: string[]) => void;
}) {
  const translate = useTranslate();
  const [draft, setDraft] = useState<string[]>([...props.hidden]);
  const { open, hidden } = props;
  useEffect(() => {
    if (open) setDraft([...hidden]);
  }, [open, hidden]);
  const toggle = (id: string) =>
    setDraft((d) => (d.includes(id) ? d.filter((x) => x !== id) : [...d, id]));
  return (
    <GenericModal
      open={props.open}
      onClose={props.onClose}
      title={translate('grid.settings')}
      size="small"
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 1 }}>
        {translate('grid.hideColumns')}
      </Typography>
      <FormGroup sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)' }}>
        {props.columns.map((c) => (
          <FormControlLabel
            key={c.id}
            control={
              <Checkbox
                size="small"
                checked={draft.includes(c.id)}
                onChange={() => toggle(c.id)}
                slotProps={{ input: { 'aria-label': c.header } }}
              />
            }
            label={c.header}
          />
        ))}
      </FormGroup>
      <Stack direction="row" spacing={1} justifyContent="flex-end" sx={{ mt: 2 }}>
        <Button onClick={() => setDraft([...props.defaults])}>{translate('grid.reset')}</Button>
        <Button
          variant="contained"
          onClick={() => {
            props.onSave(draft);
            props.onClose();
          }}
        >
          {translate('grid.saveAndClose')}
        </Button>
      </Stack>
    </GenericModal>
  );
}
