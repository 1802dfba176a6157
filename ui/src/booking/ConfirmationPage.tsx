import { useMayRun } from '../access/useMayRun';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { labelRefusal, type OrderRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useInPortal, useScreenBase } from '../portal/portalContext';
import { PrintLabelsButton } from '../labels/PrintLabelsButton';
import { usePageTitle } from '../layout/pageTitle';
import { runQuery } from '../shell/api';
import { BookedWindows } from './BookedWindows';

/**
 * `/planner/{departmentId}/confirmation/{shipmentId}` (spec §2): what was booked, with the shipment
 * id (GSIN) and every package's SSCC. An order without a shipment id is found by its order id.
 */
export default function ConfirmationPage({
  view = 'confirmation',
}: {
  /** `shipment`: the customer portal's page of a shipment (docs/decisions/0074), not just booked. */
  view?: 'confirmation' | 'shipment';
}) {
  const translate = useTranslate();
  const mayRun = useMayRun();
  const booked = view === 'confirmation';
  usePageTitle(booked ? 'confirmation' : 'portal.shipment');
  const { shipmentId = '' } = useParams();
  // The planner's department, or the customer portal (docs/decisions/0074).
  const base = useScreenBase();
  const inPortal = useInPortal();
  const byShipment = /^\d{17}$/.test(shipmentId);
  const order = useQuery({
    queryKey: ['confirmation', shipmentId],
    queryFn: () =>
      runQuery<OrderRow[]>('orders', byShipment ? { shipmentId } : { ids: [shipmentId] }),
  });
  if (order.isPending)
    return (
      <Box sx={{ p: 2 }}>
        <Typography>{translate('confirmation.loading')}</Typography>
      </Box>
    );
  const row = order.data?.[0];
  if (!row)
    return (
      <Box sx={{ p: 2 }}>
        <Alert severity="error">{translate('errors.ORDER_NOT_FOUND')}</Alert>
      </Box>
    );
  const packageIds = row.order.measurements.flatMap((l) => l.packageIds ?? []);
  return (
    <Box sx={{ p: 2, maxWidth: 900 }}>
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 2 }}>
        {booked ? <CheckCircleIcon color="success" /> : null}
        <Typography variant="h5" component="h1">
          {translate(booked ? 'confirmation.title' : 'portal.shipment')}
        </Typography>
      </Stack>
      {booked ? <Typography sx={{ mb: 2 }}>{translate('confirmation.text')}</Typography> : null}
      <Paper variant="outlined" sx={{ p: 2, mb: 2 }}>
        <Stack spacing={1}>
          <Typography>
            {translate('confirmation.shipmentId')}:{' '}
            <strong data-testid="confirmation-shipment-id">{row.shipmentId ?? '—'}</strong>
          </Typography>
          <Typography>
            {translate('confirmation.orderId')}: {row.orderId}
          </Typography>
          <Typography component="div">
            {translate('confirmation.state')}:{' '}
            <Chip size="small" label={translate(`states.${row.state}`)} />
          </Typography>
          <Typography>
            {row.order.pickup.name} → {row.order.delivery.name}, {row.order.delivery.zipCode}{' '}
            {row.order.delivery.zipArea}
          </Typography>
          <BookedWindows order={row.order} />
          <Typography component="h2" variant="subtitle1">
            {translate('confirmation.packageIds')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 3 }} data-testid="confirmation-package-ids">
            {packageIds.map((id) => (
              <li key={id}>
                <code>{id}</code>
              </li>
            ))}
          </Box>
        </Stack>
      </Paper>
      <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
        {labelRefusal(row.state, row.order) === null ? (
          <PrintLabelsButton orderIds={[row.orderId]} />
        ) : null}
        {mayRun('CREATE_ORDER') ? (
          <Button variant="contained" component={RouterLink} to={`${base}/booking/create`}>
            {translate('confirmation.newOrder')}
          </Button>
        ) : null}
        {row.isEditable && mayRun('UPDATE_ORDER') ? (
          <Button component={RouterLink} to={`${base}/booking/edit/${row.orderId}`}>
            {translate('confirmation.edit')}
          </Button>
        ) : null}
        {mayRun('CREATE_ORDER') ? (
          <Button component={RouterLink} to={`${base}/booking/copy/${row.orderId}`}>
            {translate('confirmation.copy')}
          </Button>
        ) : null}
        {row.order.trackingId ? (
          <Button component={RouterLink} to={`/track/${row.order.trackingId}`} reloadDocument>
            {translate('confirmation.tracking')}
          </Button>
        ) : null}
        <Button
          component={RouterLink}
          to={inPortal ? `${base}/shipments` : `${base}/shipments-search`}
        >
          {translate('confirmation.toShipments')}
        </Button>
      </Stack>
    </Box>
  );
}
