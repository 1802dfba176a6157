import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { scanKinds, type RoutePoint, type ScanKind, type SlotScansRow } from '@nordlog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { formatInTimeZone } from 'date-fns-tz';
import { timeZoneFor } from '../i18n/locales';
import { runQuery } from '../shell/api';
import { CameraScanner } from './camera/CameraScanner';
import { signalScan } from './feedback';
import { currentPosition } from './location';
import { useReport } from './offline/useCourierReports';
import { slotScansKey, type RecordedScan } from './scans';

/** The slot's scans (query `slotScans`), kept fresh by the socket's `slotScans` rows. */
export const fetchSlotScans = async (slotId: string): Promise<RecordedScan[]> =>
  (await runQuery<SlotScansRow[]>('slotScans', { slotId }))[0]?.scans ?? [];

/** One scan's line: its kind, code, time and, when it moved nothing, why (0064). */
export function ScanLine({ scan }: { scan: RecordedScan }) {
  const translate = useTranslate();
  const time = formatInTimeZone(new Date(scan.scannedAt), timeZoneFor(null), 'HH:mm');
  return (
    <ListItem disableGutters data-scan={scan.scanId} sx={{ display: 'block', py: 0 }}>
      <Typography variant="body2">
        {time} · {translate(`courier.scan.kinds.${scan.kind}`)} · {scan.code}
      </Typography>
      {scan.warning ? (
        <Typography variant="body2" color="warning.main" data-testid="scan-warning">
          {translate(`courier.scan.warnings.${scan.warning}`)}
        </Typography>
      ) : null}
    </ListItem>
  );
}

/**
 * Typed scan entry for a slot the courier drives (issue 42): a scanner that types into the field
 * (most hand scanners are keyboards) or the courier's own typing, the kind chosen; Enter sends it.
 * The answer is the recorded scan with its warning, shown at once.
 */
export function ScanEntry({
  slotId,
  stops,
  unmatched,
  onScanned,
}: {
  slotId: string;
  /**
   * The route's stops: a scan made at one names its order, so a label of the shipper's own that
   * the route does not know may add a package to it (scan-to-create, 0071).
   */
  stops: readonly RoutePoint[];
  unmatched: RecordedScan[];
  /** A scan may have moved consignments: the route's stops are read again. */
  onScanned: () => void;
}) {
  const translate = useTranslate();
  const queryClient = useQueryClient();
  const [code, setCode] = useState('');
  const [kind, setKind] = useState<ScanKind>('LOADED');
  const [atStop, setAtStop] = useState('');
  // One choice per order (its pickup and delivery are the same order's stops).
  const stopChoices = [
    ...new Map(
      stops.flatMap((p) => (p.consignmentId ? [[p.consignmentId, p] as const] : [])),
    ).values(),
  ];
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<RecordedScan | null>(null);
  const [error, setError] = useState<string | null>(null);
  // Kept on the phone and sent in the order made (0072): offline, the scan waits there.
  const send = useReport();
  const [queued, setQueued] = useState<string | null>(null);

  /**
   * Sends one scan of the code, typed or read by the camera; true when it was recorded, kept on
   * the phone to be sent, or refused (listed with its reason): the field is cleared then.
   */
  const record = async (typed: string): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      // A scan waits little for a fix: without one it goes without a position.
      const position = await currentPosition(
        'geolocation' in navigator ? navigator.geolocation : undefined,
        1000,
      );
      const scannedAt = new Date().toISOString();
      const outcome = await send(
        'ADD_SCANNED_EVENTS',
        {
          slotId,
          scans: [
            {
              code: typed,
              kind,
              scannedAt,
              ...(position ? { position } : {}),
              ...(atStop ? { consignmentId: atStop } : {}),
            },
          ],
        },
        typed,
      );
      setQueued(outcome.kind === 'queued' ? typed : null);
      if (outcome.kind !== 'sent') {
        // Waiting on the phone, or refused (listed with its reason above the route).
        setLast(null);
        if (outcome.kind === 'queued') signalScan(null);
        return true;
      }
      const scans = await fetchSlotScans(slotId);
      queryClient.setQueryData(slotScansKey(slotId), scans);
      const recorded = scans.filter((s) => s.scannedAt === scannedAt).at(-1) ?? null;
      setLast(recorded);
      signalScan(recorded?.warning ?? null);
      onScanned();
      return true;
    } catch (err) {
      setError(translate('courier.failed', { message: (err as Error).message }));
      return false;
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const typed = code.trim();
    if (!typed || busy) return;
    if (await record(typed)) setCode('');
  };

  return (
    <Box component="form" onSubmit={(e) => void submit(e)} sx={{ mt: 1 }} data-testid="scan-entry">
      <CameraScanner onCode={async (scanned) => void (await record(scanned))} />
      {/* Wraps: the code field keeps room for its whole label beside the two choices. */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1}
        useFlexGap
        flexWrap="wrap"
        alignItems="flex-start"
      >
        <TextField
          size="small"
          label={translate('courier.scan.code')}
          helperText={translate('courier.scan.codeHelp')}
          value={code}
          onChange={(e) => setCode(e.target.value)}
          slotProps={{ htmlInput: { inputMode: 'text', autoComplete: 'off', maxLength: 60 } }}
          sx={{
            flex: { sm: '1 1 260px' },
            minWidth: { sm: 260 },
            width: { xs: '100%', sm: 'auto' },
          }}
        />
        <TextField
          select
          size="small"
          label={translate('courier.scan.kind')}
          value={kind}
          onChange={(e) => setKind(e.target.value as ScanKind)}
          sx={{ minWidth: 160 }}
        >
          {scanKinds.map((k) => (
            <MenuItem key={k} value={k}>
              {translate(`courier.scan.kinds.${k}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          select
          size="small"
          label={translate('courier.scan.atStop')}
          value={atStop}
          onChange={(e) => setAtStop(e.target.value)}
          sx={{ minWidth: 200 }}
          slotProps={{ select: { displayEmpty: true }, inputLabel: { shrink: true } }}
        >
          <MenuItem value="">{translate('courier.scan.noStop')}</MenuItem>
          {stopChoices.map((p) => (
            <MenuItem key={p.consignmentId} value={p.consignmentId!}>
              {`${p.sequence}. ${p.name}`}
            </MenuItem>
          ))}
        </TextField>
        <Button type="submit" variant="contained" disabled={busy || !code.trim()}>
          {translate('courier.scan.submit')}
        </Button>
      </Stack>
      <Box role="status" aria-live="polite" sx={{ mt: 1 }}>
        {last ? (
          <Alert severity={last.warning ? 'warning' : 'success'} data-testid="scan-result">
            {last.warning
              ? `${last.code}: ${translate(`courier.scan.warnings.${last.warning}`)}`
              : translate('courier.scan.registered', { code: last.code })}
          </Alert>
        ) : queued ? (
          <Alert severity="info" data-testid="scan-queued">
            {queued}: {translate('courierOffline.queued')}
          </Alert>
        ) : null}
      </Box>
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {error}
        </Alert>
      ) : null}
      {unmatched.length > 0 ? (
        <Box sx={{ mt: 1 }}>
          <Typography variant="body2" fontWeight={600}>
            {translate('courier.scan.unmatched')}
          </Typography>
          <List dense disablePadding>
            {unmatched.map((s) => (
              <ScanLine key={s.scanId} scan={s} />
            ))}
          </List>
        </Box>
      ) : null}
    </Box>
  );
}
