import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { TrackingDetails } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { normalizeLocale } from '../../i18n/locales';
import { runQuery } from '../../shell/api';
import { Details } from '../../tracking/TrackPage';

/**
 * Support staff's way from a shipment to its tracking (issue 36): what the recipient's page shows,
 * asked by the shipment number (query `shipmentTracking`), so the server resolves it under the
 * caller's own read access. It works for orders without a public key too; the random key stays
 * the public link's.
 */
export function StaffTracking({ shipmentId }: { shipmentId: string | null }) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const [open, setOpen] = useState(false);
  const tracking = useQuery({
    queryKey: ['shipmentTracking', shipmentId],
    enabled: open && !!shipmentId,
    queryFn: () => runQuery<TrackingDetails>('shipmentTracking', { reference: shipmentId }),
  });
  if (!shipmentId) return null;
  if (!open)
    return (
      <Box>
        <Button size="small" variant="outlined" onClick={() => setOpen(true)}>
          {translate('tracking.show')}
        </Button>
      </Box>
    );
  if (tracking.isError) return <Alert severity="error">{tracking.error.message}</Alert>;
  if (!tracking.data) return null;
  return (
    <Box
      data-testid="staff-tracking"
      sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 2 }}
    >
      <Details
        details={tracking.data}
        live
        t={(key, options) => translate(key, options)}
        locale={locale}
      />
    </Box>
  );
}
