import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { tracksLocation, type RoutePoint, type SlotView } from '@nordlog/contracts';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { formatInTimeZone } from 'date-fns-tz';
import { useEffect, useMemo, useState } from 'react';
import { Loading, useNotify, useTranslate } from 'react-admin';
import { useShell } from '../app/UserContext';
import { enumKey } from '../i18n/enums';
import { timeZoneFor, todayIn } from '../i18n/locales';
import { usePageTitle } from '../layout/pageTitle';
import { useLiveDates } from '../live/LiveProvider';
import { CorrectionDialog } from '../planner/invoicing/CorrectionDialog';
import { failureText } from '../planner/planning/commands';
import { slotViewsKey } from '../planner/planning/planningData';
import { HttpFailure } from '../errors/parse';
import { runQuery, sendCommand } from '../shell/api';
import { DeviationDialog } from '../deviations/DeviationDialog';
import { currentPosition, startLocationReports } from './location';
import { pickupPending } from './stops';
import { fetchSlotScans, ScanEntry } from './ScanEntry';
import { scansOfStop, slotScansKey, unmatchedScans, type RecordedScan } from './scans';
import { StopLinks, StopScans } from './StopExtras';
import { ProofDialog } from './ProofDialog';
import { withOfflineCopy } from './offline/copies';
import { CourierOffline } from './offline/CourierOffline';
import type { QueuedCommand } from './offline/queue';
import { isPending, pendingStops, withPending } from './offline/pending';
import { useCourierReports, useLanding, useReport } from './offline/useCourierReports';

const zone = timeZoneFor(null);
const time = (iso: string) => formatInTimeZone(new Date(iso), zone, 'HH:mm');
const reportable = (slot: SlotView) => slot.state === 'IN_PROGRESS' || slot.state === 'PAUSED';

/**
 * The courier's page (spec §1, §4): today's slots and every slot still driven from an earlier
 * day (a route belongs to its date until it is finished, issue 36) with their stops in order, reporting each stop
 * (picked up, delivered, deviation) while the route runs, and the courier's position while a
 * slot is IN_PROGRESS, at most once a minute (§9); geolocation errors are only logged (§8).
 */
export default function CourierHome() {
  const translate = useTranslate();
  const { user } = useShell();
  const queryClient = useQueryClient();
  usePageTitle('courier');
  const date = todayIn(zone);
  // The board's key shape: a pushed slot change of these departments and this day refetches it.
  const key = slotViewsKey({
    departmentIds: user.departmentIds,
    fromDate: date,
    toDate: date,
    includeProgress: true,
  });
  const slots = useQuery({
    queryKey: key,
    // The last route read is kept on the phone: without a network the page shows it (0072).
    queryFn: () =>
      withOfflineCopy(`${user.id}:courierSlots`, () =>
        runQuery<SlotView[]>('courierSlots', { date }),
      ),
  });
  // The live connection follows the dates of the slots shown (last night's route too).
  const dates = [...new Set([date, ...(slots.data ?? []).map((s) => s.date)])].sort().join(',');
  useLiveDates(useMemo(() => dates.split(','), [dates]));
  // Each slot's scans (0064), refetched when the socket brings a change of them.
  const scanQueries = useQueries({
    queries: (slots.data ?? []).map((s) => ({
      queryKey: slotScansKey(s.id),
      queryFn: () => withOfflineCopy(`${user.id}:slotScans:${s.id}`, () => fetchSlotScans(s.id)),
    })),
  });
  const scansOf = (slotId: string): RecordedScan[] =>
    scanQueries[(slots.data ?? []).findIndex((s) => s.id === slotId)]?.data ?? [];
  const [sentAt, setSentAt] = useState<string | null>(null);
  const [deviating, setDeviating] = useState<RoutePoint | null>(null);
  // What the courier measured or waited at a stop that differs from the booking (0032).
  const [correcting, setCorrecting] = useState<RoutePoint | null>(null);
  // The stop whose delivery is being proved (0068); the dialog keeps what was made per stop.
  const [proving, setProving] = useState<RoutePoint | null>(null);
  const [proofOf, setProofOf] = useState<RoutePoint | null>(null);
  const notify = useNotify();
  const tracking = useMemo(
    () => (slots.data ?? []).some((s) => tracksLocation(s.state)),
    [slots.data],
  );

  useEffect(() => {
    if (!tracking || !('geolocation' in navigator)) return;
    return startLocationReports(user.courierId, {
      geolocation: navigator.geolocation,
      send: (report) => sendCommand('SET_COURIER_LOCATION', report),
      now: () => Date.now(),
      log: (message, detail) => console.info(message, detail),
      onSent: setSentAt,
    });
  }, [tracking, user.courierId]);

  // Each report is kept on the phone and sent in the order made; a refusal is listed with its
  // reason until dismissed (CourierOffline, docs/decisions/0072-courier-offline.md).
  const send = useReport();
  const { state: reports } = useCourierReports();
  const pending = useMemo(() => pendingStops(reports.waiting), [reports.waiting]);
  const { landing, during } = useLanding();
  const done = useMemo(() => new Set([...pending, ...landing]), [pending, landing]);
  const report = (name: QueuedCommand, payload: Record<string, unknown>, subject: string) =>
    during(pendingStops([{ name, payload }]), async () => {
      await send(name, payload, subject);
      await queryClient.invalidateQueries({ queryKey: key });
    });

  if (slots.isPending) return <Loading />;
  return (
    <Box sx={{ p: 2, maxWidth: 760 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('courier.title', { name: user.name })}
      </Typography>
      <CourierOffline />
      {slots.isError ? (
        <Alert severity="error">{slots.error.message}</Alert>
      ) : (slots.data ?? []).length === 0 ? (
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('courier.jobsTitle')}
            </Typography>
            <Typography>{translate('courier.noJobs')}</Typography>
          </CardContent>
        </Card>
      ) : (
        <Stack spacing={2}>
          {(slots.data ?? []).map((slot) => (
            <Card variant="outlined" key={slot.id} data-slot={slot.id}>
              <CardContent>
                <Stack direction="row" spacing={1} alignItems="center" flexWrap="wrap">
                  <Typography variant="h6" component="h2">
                    {translate('courier.slot', {
                      name: slot.name,
                      // A route of an earlier day names its date.
                      time:
                        slot.date === date
                          ? time(slot.timeFrom)
                          : `${slot.date} ${time(slot.timeFrom)}`,
                    })}
                  </Typography>
                  <Chip size="small" label={translate(enumKey('slotState', slot.state))} />
                  {slot.progress ? (
                    <Typography variant="body2" color="text.secondary">
                      {translate('courier.progress', slot.progress)}
                    </Typography>
                  ) : null}
                </Stack>
                {tracksLocation(slot.state) ? (
                  <Typography variant="body2" role="status" sx={{ mt: 1 }}>
                    {translate('courier.tracking')}{' '}
                    {sentAt ? translate('courier.lastSent', { time: time(sentAt) }) : null}
                  </Typography>
                ) : reportable(slot) ? null : (
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {translate('courier.notStarted')}
                  </Typography>
                )}
                {reportable(slot) ? (
                  <ScanEntry
                    slotId={slot.id}
                    stops={slot.routePoints ?? []}
                    unmatched={unmatchedScans(scansOf(slot.id))}
                    onScanned={() => void queryClient.invalidateQueries({ queryKey: key })}
                  />
                ) : null}
                <List aria-label={translate('courier.stops', { name: slot.name })} dense>
                  {withPending(slot.routePoints ?? [], done).map((p, _, points) => (
                    <Stop
                      key={p.key}
                      point={p}
                      active={reportable(slot)}
                      waiting={isPending(pending, p)}
                      pickupPending={pickupPending(points, p)}
                      scans={scansOfStop(scansOf(slot.id), slot.routePoints ?? [], p)}
                      onCollected={() =>
                        void report('MANUAL_COLLECT', { consignmentIds: [p.consignmentId] }, p.name)
                      }
                      onDelivered={() =>
                        void report('MANUAL_DELIVER', { consignmentIds: [p.consignmentId] }, p.name)
                      }
                      onDeviate={() => setDeviating(p)}
                      onCorrection={() => setCorrecting(p)}
                      onProof={() => {
                        setProofOf(p);
                        setProving(p);
                      }}
                    />
                  ))}
                </List>
              </CardContent>
            </Card>
          ))}
        </Stack>
      )}
      <CorrectionDialog
        target={
          correcting?.consignmentId
            ? {
                mode: 'create',
                orderId: correcting.consignmentId,
                packages: correcting.packageCount,
                shipment: correcting.name,
              }
            : null
        }
        onClose={() => setCorrecting(null)}
        onSend={async (payload) => {
          try {
            await sendCommand('CREATE_ORDER_CORRECTION', payload);
          } catch (err) {
            return failureText(err, translate);
          }
          setCorrecting(null);
          notify('invoicingScreen.corrections.created', { type: 'success' });
          return null;
        }}
      />
      {proofOf ? (
        <ProofDialog
          key={proofOf.key}
          open={proving !== null}
          stopName={proofOf.name}
          onClose={() => setProving(null)}
          onSend={async (proof) => {
            const outcome = await send(
              'RECORD_DELIVERY_PROOF',
              { orderId: proofOf.consignmentId, ...proof },
              proofOf.name,
            );
            // A refusal keeps the dialog open with its reason (and in the list of refusals).
            if (outcome.kind === 'refused')
              return failureText(
                new HttpFailure(
                  outcome.report.refusal!.status,
                  outcome.report.refusal!.errors,
                  null,
                ),
                translate,
              );
            setProving(null);
            setProofOf(null);
            notify(outcome.kind === 'sent' ? 'proof.sent' : 'courierOffline.queued', {
              type: outcome.kind === 'sent' ? 'success' : 'info',
            });
            await queryClient.invalidateQueries({ queryKey: key });
            return null;
          }}
        />
      ) : null}
      <DeviationDialog
        open={deviating !== null}
        title={translate('courier.deviationTitle')}
        saveLabel={translate('courier.report')}
        onClose={() => setDeviating(null)}
        onSave={async ({ reason, text }) => {
          const orderId = deviating?.consignmentId;
          const subject = deviating?.name ?? '';
          setDeviating(null);
          // The deviation records where the courier was (0051); without a position it goes anyway.
          const position = await currentPosition(
            'geolocation' in navigator ? navigator.geolocation : undefined,
          );
          if (orderId)
            await report(
              'CREATE_DEVIATION',
              {
                orderId,
                reason,
                ...(text ? { text } : {}),
                ...(position ? { position } : {}),
              },
              subject,
            );
          return null;
        }}
      />
    </Box>
  );
}

function Stop(props: {
  point: RoutePoint;
  active: boolean;
  /** Done by a report that waits on the phone (0072). */
  waiting: boolean;
  pickupPending: boolean;
  scans: RecordedScan[];
  onCollected: () => void;
  onDelivered: () => void;
  onDeviate: () => void;
  onCorrection: () => void;
  onProof: () => void;
}) {
  const translate = useTranslate();
  const { point: p, active } = props;
  const isBreak = p.type === 'rest_break';
  return (
    <ListItem divider data-stop={p.key} sx={{ alignItems: 'flex-start', gap: 1, flexWrap: 'wrap' }}>
      <Box sx={{ flex: '1 1 260px', minWidth: 0 }}>
        <Typography variant="body2" fontWeight={600}>
          {p.sequence}. {translate(enumKey('stopType', p.type))}
          {isBreak ? '' : ` · ${p.name}`}
        </Typography>
        {isBreak ? null : (
          <Typography variant="body2">
            {p.address}, {p.zipCode} {p.zipArea}
          </Typography>
        )}
        <Typography variant="body2" color="text.secondary">
          {p.timeEarliest && p.timeLatest
            ? `${translate('courier.window', { from: p.timeEarliest, to: p.timeLatest })} · `
            : ''}
          {translate('courier.arrival', { time: time(p.arrival) })}
        </Typography>
        {active && !p.done && props.pickupPending ? (
          <Typography
            variant="body2"
            color="warning.main"
            id={`pickup-first-${p.key}`}
            data-testid="pickup-first"
          >
            {translate('courier.pickupFirst')}
          </Typography>
        ) : null}
        <StopLinks point={p} active={active && !p.done} />
        <StopScans scans={props.scans} />
      </Box>
      {isBreak || !active ? null : (
        <Button
          variant="text"
          size="small"
          onClick={props.onCorrection}
          data-testid="stop-correction"
          aria-label={translate('invoicingScreen.corrections.newFor', { id: p.name })}
        >
          {translate('invoicingScreen.corrections.new')}
        </Button>
      )}
      {active && p.type === 'delivery' && !props.pickupPending ? (
        // A delivery's proof, before or after it is reported (a scan at the door delivers it).
        <Button
          variant="outlined"
          size="small"
          onClick={props.onProof}
          data-testid="proof-open"
          aria-label={translate('proof.openFor', { name: p.name })}
        >
          {translate('proof.open')}
        </Button>
      ) : null}
      {isBreak ? null : props.waiting ? (
        <Chip
          size="small"
          label={translate('courierOffline.pendingStop')}
          data-testid="stop-waiting"
        />
      ) : p.done ? (
        <Chip color="success" size="small" label={translate('courier.done')} />
      ) : active ? (
        <Stack direction="row" spacing={1}>
          {p.type === 'pickup' ? (
            <Button variant="contained" size="small" onClick={props.onCollected}>
              {translate('courier.collected')}
            </Button>
          ) : (
            <>
              <Button
                variant="contained"
                size="small"
                onClick={props.onDelivered}
                disabled={props.pickupPending}
                aria-describedby={props.pickupPending ? `pickup-first-${p.key}` : undefined}
              >
                {translate('courier.delivered')}
              </Button>
              <Button variant="outlined" size="small" onClick={props.onDeviate}>
                {translate('courier.deviate')}
              </Button>
            </>
          )}
        </Stack>
      ) : null}
    </ListItem>
  );
}
