import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormLabel from '@mui/material/FormLabel';
import TextField from '@mui/material/TextField';
import { webhookEventTypes, type WebhookRow } from '@nordlog/contracts';
import { useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';

export interface WebhookFields {
  url: string;
  description: string;
  events: string[];
}

/** A hook's address, description and events: created, or edited (the URL is checked again). */
export function WebhookForm(props: {
  hook: WebhookRow | null;
  busy: boolean;
  error: string | null;
  onSave: (fields: WebhookFields) => void;
  onClose: () => void;
  /** Above the fields: e.g. the customer of a new hook on the integrations page. */
  children?: ReactNode;
  /** Save stays off (e.g. no customer chosen yet). */
  incomplete?: boolean;
}) {
  const translate = useTranslate();
  const [url, setUrl] = useState(props.hook?.url ?? 'https://');
  const [description, setDescription] = useState(props.hook?.description ?? '');
  const [events, setEvents] = useState<string[]>(
    props.hook?.events ?? ['OrderCreated', 'ConsignmentDelivered', 'ConsignmentDeviated'],
  );
  const toggle = (e: string) =>
    setEvents((now) => (now.includes(e) ? now.filter((x) => x !== e) : [...now, e]));
  return (
    <Dialog
      open
      onClose={props.busy ? undefined : props.onClose}
      aria-labelledby="webhook-form-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="webhook-form-title">
        {translate(props.hook ? 'webhooks.edit' : 'webhooks.new')}
      </DialogTitle>
      <DialogContent>
        {props.children}
        <TextField
          label={translate('webhooks.url')}
          value={url}
          onChange={(e) => setUrl(e.target.value)}
          fullWidth
          margin="dense"
          required
          error={Boolean(props.error)}
          helperText={props.error ?? translate('webhooks.urlHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'webhook-url' } }}
        />
        <TextField
          label={translate('webhooks.description')}
          value={description}
          onChange={(e) => setDescription(e.target.value)}
          fullWidth
          margin="dense"
        />
        <FormLabel component="legend" sx={{ mt: 2 }}>
          {translate('webhooks.events')}
        </FormLabel>
        <FormGroup sx={{ display: 'grid', gridTemplateColumns: 'repeat(2, 1fr)' }}>
          {webhookEventTypes.map((e) => (
            <FormControlLabel
              key={e}
              control={
                <Checkbox size="small" checked={events.includes(e)} onChange={() => toggle(e)} />
              }
              label={translate(`webhooks.event.${e}`)}
            />
          ))}
        </FormGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={props.onClose} disabled={props.busy}>
          {translate('ra.action.cancel')}
        </Button>
        <Button
          variant="contained"
          disabled={
            props.busy || props.incomplete === true || events.length === 0 || url.trim().length < 8
          }
          onClick={() => props.onSave({ url: url.trim(), description: description.trim(), events })}
          data-testid="webhook-save"
        >
          {translate('ra.action.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
