import Box from '@mui/material/Box';
import List from '@mui/material/List';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslate } from 'react-admin';
import { fetchSlotScans, ScanLine } from '../../courier/ScanEntry';
import { slotScansKey } from '../../courier/scans';

/**
 * The courier's scans of this shipment on its slot (docs/decisions/0064-courier-scans.md), with
 * their warnings, as they land: the socket's `slotScans` rows refetch the list.
 */
export function ShipmentScans({ slotId, orderId }: { slotId: string | null; orderId: string }) {
  const translate = useTranslate();
  const scans = useQuery({
    queryKey: slotScansKey(slotId ?? ''),
    queryFn: () => fetchSlotScans(slotId!),
    enabled: slotId !== null,
  });
  const own = (scans.data ?? []).filter((s) => s.orderIds.includes(orderId));
  if (slotId === null || own.length === 0) return null;
  return (
    <Box data-testid="details-scans">
      <Typography variant="subtitle2" component="h3">
        {translate('details.scans', { smart_count: own.length })}
      </Typography>
      <List dense disablePadding>
        {own.map((s) => (
          <ScanLine key={s.scanId} scan={s} />
        ))}
      </List>
    </Box>
  );
}
