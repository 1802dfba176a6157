import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { WebhookMessageDetails } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useTranslate } from 'react-admin';
import { freshQuery } from '../preAdvice/queries';
import { WEBHOOK_MESSAGES_KEY, when } from './queries';

/** One delivery: what was sent, each try with the receiver's answer, and replay. */
export function MessageDetails(props: {
  id: string;
  canReplay: boolean;
  busy: boolean;
  onReplay: (m: WebhookMessageDetails) => void;
}) {
  const translate = useTranslate();
  const locale = useLocale();
  const details = useQuery({
    queryKey: [WEBHOOK_MESSAGES_KEY, 'one', props.id],
    queryFn: () => freshQuery<WebhookMessageDetails>('webhookMessage', { id: props.id }),
  });
  const m = details.data;
  if (!m) return null;
  return (
    <Paper sx={{ p: 2, mt: 2 }} data-testid="webhook-message-details">
      <Box sx={{ display: 'flex', justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          {translate('webhooks.message')} {m.id}
        </Typography>
        {props.canReplay ? (
          <Button
            variant="outlined"
            disabled={props.busy}
            onClick={() => props.onReplay(m)}
            data-testid="webhook-replay"
          >
            {translate('webhooks.replay')}
          </Button>
        ) : null}
      </Box>
      <Table size="small" aria-label={translate('webhooks.attempts')}>
        <TableHead>
          <TableRow>
            <TableCell>#</TableCell>
            <TableCell>{translate('webhooks.at')}</TableCell>
            <TableCell>{translate('webhooks.statusCode')}</TableCell>
            <TableCell>{translate('webhooks.duration')}</TableCell>
            <TableCell>{translate('webhooks.answer')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {m.attemptsLog.map((a) => (
            <TableRow key={a.attempt}>
              <TableCell>{a.attempt}</TableCell>
              <TableCell>{when(a.at, locale)}</TableCell>
              <TableCell>{a.statusCode ?? '–'}</TableCell>
              <TableCell>{a.durationMs} ms</TableCell>
              <TableCell sx={{ wordBreak: 'break-all' }}>{a.error ?? a.answer ?? ''}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="subtitle2" sx={{ mt: 2 }}>
        {translate('webhooks.payload')}
      </Typography>
      <Box component="pre" sx={{ fontSize: 12, overflowX: 'auto', m: 0 }}>
        {JSON.stringify(m.payload, null, 2)}
      </Box>
    </Paper>
  );
}
