import Button from '@mui/material/Button';
import List from '@mui/material/List';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { RoutePoint, StopContact } from '@nordlog/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { runQuery } from '../shell/api';
import { ScanLine } from './ScanEntry';
import { mapLink, phoneLinks, type RecordedScan } from './scans';

/** The scans recorded at a stop (0064). */
export function StopScans({ scans }: { scans: RecordedScan[] }) {
  const translate = useTranslate();
  if (scans.length === 0) return null;
  return (
    <List dense disablePadding aria-label={translate('courier.scan.list')} data-testid="stop-scans">
      {scans.map((s) => (
        <ScanLine key={s.scanId} scan={s} />
      ))}
    </List>
  );
}

/**
 * Spec §5 navigation and contact (issue 42): the stop in the phone's map app, and the stop's
 * numbers to call or text, asked of the server when wanted (query `stopContact`: only the courier
 * driving the route gets them).
 */
export function StopLinks({ point, active }: { point: RoutePoint; active: boolean }) {
  const translate = useTranslate();
  const [contact, setContact] = useState<StopContact | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  if (point.type === 'rest_break' || point.consignmentId === null) return null;
  const load = async () => {
    setFailed(null);
    try {
      setContact(
        await runQuery<StopContact>('stopContact', {
          slotId: point.slotId,
          consignmentId: point.consignmentId,
          type: point.type,
        }),
      );
    } catch (err) {
      setFailed(translate('courier.failed', { message: (err as Error).message }));
    }
  };
  const numbers = contact ? [contact.phone, contact.secondPhone].filter((n) => !!n) : [];
  return (
    <Stack direction="row" spacing={1} flexWrap="wrap" useFlexGap sx={{ mt: 0.5 }}>
      <Button
        size="small"
        variant="outlined"
        href={mapLink(point, navigator.userAgent)}
        aria-label={translate('courier.navigateLabel', { name: point.name })}
      >
        {translate('courier.navigate')}
      </Button>
      {active && contact === null ? (
        <Button size="small" variant="outlined" onClick={() => void load()}>
          {translate('courier.contact')}
        </Button>
      ) : null}
      {numbers.map((n) => (
        <Stack key={n} direction="row" spacing={1}>
          <Button size="small" variant="outlined" href={phoneLinks(n!).call}>
            {translate('courier.call', { number: n })}
          </Button>
          <Button size="small" variant="outlined" href={phoneLinks(n!).text}>
            {translate('courier.text', { number: n })}
          </Button>
        </Stack>
      ))}
      {contact?.leaveAtDoor ? (
        <Typography variant="body2" data-testid="stop-leave-at-door">
          {translate('courier.leaveAtDoor', { note: contact.leaveAtDoor })}
        </Typography>
      ) : null}
      {contact && numbers.length === 0 ? (
        <Typography variant="body2" color="text.secondary">
          {translate('courier.noNumber')}
        </Typography>
      ) : null}
      {failed ? (
        <Typography variant="body2" color="error">
          {failed}
        </Typography>
      ) : null}
    </Stack>
  );
}
