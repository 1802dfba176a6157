import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { WebhookRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { freshQuery } from '../../../preAdvice/queries';
import { webhooksKey } from '../../../webhooks/queries';

/**
 * The admin customer screen's webhook section (docs/decisions/0070): how many hooks the customer
 * has and how many are on, with the way to its hooks and its delivery log.
 */
export function WebhookSection() {
  const translate = useTranslate();
  const customerId = useParams().id ?? '';
  const hooks = useQuery({
    queryKey: webhooksKey(customerId),
    enabled: /^\d+$/.test(customerId),
    queryFn: () => freshQuery<WebhookRow[]>('webhooks', { customerId }),
  });
  if (!hooks.data) return null;
  const on = hooks.data.filter((h) => h.enabled).length;
  return (
    <Paper component="section" aria-labelledby="customer-webhooks" sx={{ p: 2, mt: 2 }}>
      <Typography id="customer-webhooks" variant="h6" component="h2">
        {translate('webhooks.title')}
      </Typography>
      <Typography variant="body2" sx={{ mb: 1 }}>
        {translate('webhooks.summary', { count: hooks.data.length, on })}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button
          component={RouterLink}
          to={`/admin/customers/${customerId}/webhook`}
          variant="outlined"
          data-testid="customer-webhooks"
        >
          {translate('webhooks.manage')}
        </Button>
        <Button component={RouterLink} to={`/webhook-messages?customerId=${customerId}`}>
          {translate('webhooks.log')}
        </Button>
      </Stack>
    </Paper>
  );
}
