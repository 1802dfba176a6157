import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import { trackingLink, type ConsignmentRow, type OrderHistoryRow } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { enumKey } from '../../i18n/enums';
import { formatDateTime, normalizeLocale } from '../../i18n/locales';
import { formatVolume } from '../../i18n/volume';
import { runQuery } from '../../shell/api';
import { OrderDeviations } from '../../deviations/OrderDeviations';
import { OrderReturn } from './OrderReturn';
import { OrderServiceUpdates } from './OrderServiceUpdates';
import { MakeRecurring } from '../recurring/MakeRecurring';
import { ShipmentRoute } from './ShipmentRoute';
import { StaffTracking } from './StaffTracking';
import { ShipmentScans } from './ShipmentScans';
import { ShipmentProof } from './DeliveryProofView';

/** One side of the consignment: who and where. */
function Party({ title, lines }: { title: string; lines: (string | null | undefined)[] }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h3">
        {title}
      </Typography>
      {lines
        .filter((l): l is string => !!l && l.trim() !== '')
        .map((l, i) => (
          <Typography key={i} variant="body2" sx={{ overflowWrap: 'anywhere' }}>
            {l}
          </Typography>
        ))}
    </Box>
  );
}

/**
 * The shipment's public tracking link (spec §2 `{host}/track/{id}?referrer=internal`), to open
 * or copy for a recipient; orders booked before links existed have none.
 */
function TrackingLink({ trackingId }: { trackingId: string | null }) {
  const translate = useTranslate();
  const notify = useNotify();
  if (!trackingId)
    return (
      <Typography variant="body2" color="text.secondary">
        {translate('tracking.noLink')}
      </Typography>
    );
  const link = trackingLink(window.location.origin, trackingId);
  return (
    <Stack direction="row" alignItems="center" spacing={1} sx={{ minWidth: 0 }}>
      <Typography variant="body2" sx={{ flexShrink: 0 }}>
        {translate('tracking.link')}:
      </Typography>
      <Link
        href={link}
        target="_blank"
        rel="noopener"
        variant="body2"
        data-testid="tracking-link"
        sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', minWidth: 0 }}
      >
        {link}
      </Link>
      <Button
        size="small"
        startIcon={<ContentCopyIcon />}
        sx={{ flexShrink: 0 }}
        onClick={() =>
          // The clipboard needs a secure page (https or localhost); elsewhere say so.
          void (
            navigator.clipboard?.writeText(link) ?? Promise.reject(new Error('no clipboard'))
          ).then(
            () => notify('tracking.copied', { type: 'success' }),
            () => notify('tracking.copyFailed', { type: 'warning' }),
          )
        }
      >
        {translate('tracking.copy')}
      </Button>
    </Stack>
  );
}

/**
 * A consignment's details (issue 13): its shipment id and state, its parties, its packages with
 * their SSCCs, its slot when it has one, and its history from the orderHistory read model, in a
 * panel beside the grid.
 */
export function ShipmentDetails({
  row,
  customerName,
  timeZone,
  onClose,
}: {
  row: ConsignmentRow | null;
  customerName: string;
  timeZone: string;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const history = useQuery({
    queryKey: ['orderHistory', row?.orderId, row?.revision],
    enabled: row !== null,
    queryFn: () => runQuery<OrderHistoryRow[]>('orderHistory', { orderId: row!.orderId }),
  });
  return (
    <Drawer
      anchor="right"
      open={row !== null}
      onClose={onClose}
      slotProps={{ paper: { sx: { width: 440, maxWidth: '100vw' } } }}
    >
      {row ? (
        <Stack spacing={2} sx={{ p: 2 }} role="region" aria-labelledby="shipment-details-title">
          <Stack direction="row" alignItems="center" spacing={1}>
            <Typography
              id="shipment-details-title"
              variant="h6"
              component="h2"
              sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}
            >
              {translate('details.title', { id: row.shipmentId ?? row.orderId })}
            </Typography>
            <Chip size="small" label={translate(`states.${row.state}`)} />
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {translate('details.order', { id: row.orderId })} · {customerName}
          </Typography>
          <ShipmentRoute row={row} timeZone={timeZone} />
          <TrackingLink trackingId={row.trackingId} />
          <StaffTracking shipmentId={row.shipmentId} />
          <Stack direction="row" spacing={2}>
            <Party
              title={translate('booking.pickup')}
              lines={[
                row.pickupName,
                row.pickupAddress,
                `${row.pickupZipCode} ${row.pickupZipArea}`,
                translate(enumKey('country', row.pickupCountryCode), { _: row.pickupCountryCode }),
              ]}
            />
            <Party
              title={translate('booking.delivery')}
              lines={[
                row.deliveryName,
                row.deliveryAddress,
                `${row.deliveryZipCode} ${row.deliveryZipArea}`,
                translate(enumKey('country', row.deliveryCountryCode), {
                  _: row.deliveryCountryCode,
                }),
              ]}
            />
          </Stack>
          <Divider />
          <Box>
            <Typography variant="subtitle2" component="h3">
              {translate('details.packages', { smart_count: row.packageCount })}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {translate('details.totals', {
                weight: row.weightValue.toLocaleString(locale),
                volume: formatVolume(row.volumeValue, locale),
              })}
            </Typography>
            <List dense disablePadding data-testid="details-package-ids">
              {row.packageIds.map((id) => (
                <ListItem key={id} disableGutters>
                  <ListItemText primary={<code>{id}</code>} />
                </ListItem>
              ))}
            </List>
          </Box>
          <ShipmentScans slotId={row.slotId} orderId={row.orderId} />
          <ShipmentProof
            orderId={row.orderId}
            revision={row.revision}
            delivered={row.state === 'DELIVERED'}
            timeZone={timeZone}
          />
          <Divider />
          <OrderDeviations orderId={row.orderId} revision={row.revision} timeZone={timeZone} />
          <OrderReturn
            orderId={row.orderId}
            revision={row.revision}
            departmentId={row.departmentId}
          />
          <MakeRecurring orderId={row.orderId} departmentId={row.departmentId} />
          <OrderServiceUpdates row={row} />
          <Divider />
          <Box>
            <Typography variant="subtitle2" component="h3">
              {translate('details.history')}
            </Typography>
            {history.isError ? (
              <Alert severity="warning">{translate('details.historyError')}</Alert>
            ) : null}
            {history.isPending ? (
              <Typography variant="body2">{translate('app.loading')}</Typography>
            ) : null}
            <List dense disablePadding data-testid="details-history">
              {(history.data ?? []).map((h) => (
                <ListItem key={h.position} disableGutters>
                  <ListItemText
                    primary={translate(enumKey('orderEvent', h.eventType), { _: h.eventType })}
                    secondary={translate('details.when', {
                      time: formatDateTime(h.occurredAt, locale, timeZone),
                      user: h.userId,
                    })}
                  />
                </ListItem>
              ))}
            </List>
          </Box>
          <Button onClick={onClose} sx={{ alignSelf: 'start' }}>
            {translate('details.close')}
          </Button>
        </Stack>
      ) : null}
    </Drawer>
  );
}
