import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { arrivalDayIfOther, type TrackingDetails, type TrackingStage } from '@nordlog/contracts';
import { formatInTimeZone } from 'date-fns-tz';
import { lazy, Suspense, type ReactNode } from 'react';
import { formatDate, type Locale } from '../i18n/locales';
import type { Translate } from '../i18n/translator';
import { Answers } from './Answers';
import { NpsQuestion } from './NpsQuestion';
import { useTracking } from './useTracking';

// The map and Leaflet load only when there is a courier to show (not with the log-in page's code).
const CourierMap = lazy(() => import('./CourierMap'));

/** The usual road of a shipment, in order; a deviation, return or cancellation leaves it. */
const ROAD: readonly TrackingStage[] = ['booked', 'planned', 'onTheWay', 'delivered'];
const OFF_ROAD: Partial<Record<TrackingStage, 'warning' | 'info' | 'error'>> = {
  deviated: 'warning',
  returned: 'info',
  cancelled: 'error',
};

/**
 * The public tracking page `/track/{id}` (spec §1, §2; issue 17 §3): no login. What the recipient
 * sees is the query's answer (contracts `recipientView`); the page follows it live through the
 * tracking socket.
 */
export function TrackPage({ id, t, locale }: { id: string; t: Translate; locale: Locale }) {
  const { state, live, retry } = useTracking(id);
  if (state.kind === 'loading')
    return (
      <Stack alignItems="center" sx={{ py: 4 }}>
        <CircularProgress aria-label={t('app.loading')} />
      </Stack>
    );
  if (state.kind === 'notFound')
    return (
      <Alert severity="info" data-testid="tracking-not-found">
        {t('tracking.notFound')}
      </Alert>
    );
  if (state.kind === 'failed')
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" size="small" onClick={retry}>
            {t('tracking.retry')}
          </Button>
        }
      >
        {t('tracking.failed')}
      </Alert>
    );
  return (
    <Stack spacing={2}>
      <Details details={state.details} live={live} t={t} locale={locale} />
      <Answers details={state.details} t={t} locale={locale} onAnswered={retry} />
      <NpsQuestion details={state.details} t={t} onAnswered={retry} />
    </Stack>
  );
}

export function Details({
  details: d,
  live,
  t,
  locale,
}: {
  details: TrackingDetails;
  live: boolean;
  t: Translate;
  locale: Locale;
}) {
  const time = (iso: string) => formatInTimeZone(new Date(iso), d.timeZone, 'HH:mm');
  const window =
    d.deliveryTimeEarliest || d.deliveryTimeLatest
      ? `${d.deliveryTimeEarliest ?? ''}–${d.deliveryTimeLatest ?? ''}`
      : null;
  const off = OFF_ROAD[d.stage];
  // An arrival on another day than the delivery day says its day (issue 36).
  const etaText = (eta: string) => {
    const day = arrivalDayIfOther(d.deliveryDate, eta, d.timeZone);
    return day ? `${formatDate(day, locale)} ${time(eta)}` : time(eta);
  };
  return (
    <Stack spacing={2} data-testid="tracking" data-stage={d.stage} data-state={d.state}>
      <Stack direction="row" alignItems="center" spacing={1}>
        <Typography variant="h5" component="h1" sx={{ flexGrow: 1, overflowWrap: 'anywhere' }}>
          {t('tracking.title', { id: d.shipmentId ?? '' })}
        </Typography>
        <Chip
          size="small"
          color={d.stage === 'delivered' ? 'success' : 'default'}
          label={t(`tracking.stages.${d.stage}`)}
          data-testid="tracking-stage"
        />
      </Stack>
      {off ? (
        <Alert severity={off}>{t(`tracking.stages.${d.stage}`)}</Alert>
      ) : (
        <Stepper
          activeStep={ROAD.indexOf(d.stage)}
          alternativeLabel
          aria-label={t('tracking.steps')}
        >
          {ROAD.map((stage) => (
            <Step
              key={stage}
              completed={ROAD.indexOf(stage) < ROAD.indexOf(d.stage) || d.stage === 'delivered'}
            >
              <StepLabel>{t(`tracking.stages.${stage}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: 2, rowGap: 1, m: 0 }}
      >
        <Fact label={t('tracking.deliveryDay')}>{formatDate(d.deliveryDate, locale)}</Fact>
        {window ? <Fact label={t('tracking.window')}>{window}</Fact> : null}
        {d.eta ? (
          <Fact label={t('tracking.eta')} testId="tracking-eta">
            {etaText(d.eta)}
          </Fact>
        ) : null}
        <Fact label={t('tracking.area')}>{d.deliveryZipArea}</Fact>
      </Box>
      <Typography variant="body2">
        {t('tracking.packages', { smart_count: d.packageCount })}
      </Typography>
      {d.proof ? (
        // That it was signed for (or photographed), never the name or the images (0068).
        <Typography variant="body2" data-testid="tracking-proof">
          {t(`tracking.proof.${d.proof}`)}
        </Typography>
      ) : null}
      {(d.scans ?? []).length > 0 ? (
        <Box data-testid="tracking-scans">
          <Typography variant="subtitle2" component="h2">
            {t('tracking.scans')}
          </Typography>
          <Box component="ul" sx={{ m: 0, pl: 2 }}>
            {d.scans.map((s) => (
              <li key={s.kind}>
                <Typography variant="body2">
                  {time(s.at)} · {t(`courier.scan.kinds.${s.kind}`)}
                </Typography>
              </li>
            ))}
          </Box>
        </Box>
      ) : null}
      {d.stopsBefore !== null && d.stopsBefore > 0 ? (
        <Typography data-testid="tracking-stops-before">
          {t('tracking.stopsBefore', { smart_count: d.stopsBefore })}
        </Typography>
      ) : null}
      {d.courierPosition ? <CourierPosition details={d} t={t} /> : null}
      <Typography variant="caption" color="text.secondary">
        {t('tracking.updated', { time: time(d.updatedAt) })}
        {live ? '' : ` · ${t('tracking.offline')}`}
      </Typography>
    </Stack>
  );
}

function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <>
      <Typography component="dt" variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid={testId}>
        {children}
      </Typography>
    </>
  );
}

/** Where the courier is, while this delivery is its next stop (rounded by the server). */
function CourierPosition({ details, t }: { details: TrackingDetails; t: Translate }) {
  const position = details.courierPosition!;
  return (
    <Stack
      spacing={1}
      data-testid="tracking-courier"
      data-lat={position.lat}
      data-lng={position.lng}
    >
      <Typography>{t('tracking.next')}</Typography>
      <Suspense fallback={<CircularProgress size={24} />}>
        <CourierMap lat={position.lat} lng={position.lng} label={t('tracking.courier')} />
      </Suspense>
    </Stack>
  );
}
