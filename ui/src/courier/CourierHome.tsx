import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { courierLocationThrottleMs } from '@nordlog/contracts';
import { useEffect, useRef, useState } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { useShell } from '../app/UserContext';
import { formatDateTime, normalizeLocale } from '../i18n/locales';
import { usePageTitle } from '../layout/pageTitle';
import { sendCommand } from '../shell/api';

type Sharing =
  | { state: 'off' }
  | { state: 'waiting' }
  | { state: 'sent'; at: string }
  | { state: 'error'; reason: 'denied' | 'unavailable' | 'refused' | 'unsupported' };

/**
 * The courier's start page: who they are, their jobs once a planner dispatches them (the planning
 * screens fill this), and sharing their position with their planners (SET_COURIER_LOCATION, at
 * most once a minute, spec §9), switched on by the courier.
 */
export default function CourierHome() {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const { user } = useShell();
  usePageTitle('courier');
  const [sharing, setSharing] = useState<Sharing>({ state: 'off' });
  const lastSent = useRef(0);
  const on = sharing.state !== 'off';

  useEffect(() => {
    if (!on) return;
    if (!('geolocation' in navigator) || !user.courierId) {
      setSharing({ state: 'error', reason: 'unsupported' });
      return;
    }
    const watch = navigator.geolocation.watchPosition(
      (position) => {
        const now = Date.now();
        if (now - lastSent.current < courierLocationThrottleMs) return;
        lastSent.current = now;
        const at = new Date(position.timestamp).toISOString();
        sendCommand('SET_COURIER_LOCATION', {
          courierId: user.courierId,
          latitude: position.coords.latitude,
          longitude: position.coords.longitude,
          accuracy: position.coords.accuracy,
          timestamp: at,
        }).then(
          () => setSharing({ state: 'sent', at }),
          () => setSharing({ state: 'error', reason: 'refused' }),
        );
      },
      (error) =>
        setSharing({
          state: 'error',
          reason: error.code === error.PERMISSION_DENIED ? 'denied' : 'unavailable',
        }),
      { enableHighAccuracy: true, maximumAge: 30_000 },
    );
    return () => navigator.geolocation.clearWatch(watch);
  }, [on, user.courierId]);

  return (
    <Box sx={{ p: 2, maxWidth: 720 }}>
      <Typography variant="h5" component="h1" gutterBottom>
        {translate('courier.title', { name: user.name })}
      </Typography>
      <Stack spacing={2}>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('courier.jobsTitle')}
            </Typography>
            <Typography>{translate('courier.noJobs')}</Typography>
          </CardContent>
        </Card>
        <Card variant="outlined">
          <CardContent>
            <Typography variant="h6" component="h2" gutterBottom>
              {translate('courier.positionTitle')}
            </Typography>
            <Typography variant="body2" color="text.secondary" gutterBottom>
              {translate('courier.positionText')}
            </Typography>
            <FormControlLabel
              control={
                <Switch
                  checked={on}
                  onChange={(e) => {
                    lastSent.current = 0;
                    setSharing(e.target.checked ? { state: 'waiting' } : { state: 'off' });
                  }}
                />
              }
              label={translate('courier.share')}
            />
            {sharing.state === 'waiting' ? (
              <Typography role="status">{translate('courier.waiting')}</Typography>
            ) : null}
            {sharing.state === 'sent' ? (
              <Typography role="status">
                {translate('courier.sent', { time: formatDateTime(sharing.at, locale) })}
              </Typography>
            ) : null}
            {sharing.state === 'error' ? (
              <Alert severity="warning">{translate(`courier.errors.${sharing.reason}`)}</Alert>
            ) : null}
          </CardContent>
        </Card>
      </Stack>
    </Box>
  );
}
