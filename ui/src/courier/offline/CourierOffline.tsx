import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { formatInTimeZone } from 'date-fns-tz';
import { useEffect, useState } from 'react';
import { useTranslate } from 'react-admin';
import type { Translate } from '../../i18n/translator';
import { useShell } from '../../app/UserContext';
import { HttpFailure } from '../../errors/parse';
import { timeZoneFor } from '../../i18n/locales';
import { failureText } from '../../planner/planning/commands';
import { rememberCourierSession } from './copies';
import { makeInstallable } from './installable';
import type { Report } from './queue';
import { RETRY_MS } from './sender';
import { useCopyShown, useCourierReports, useOnline } from './useCourierReports';

/** Waiting reports listed before "show all". */
const SHOWN = 5;
const time = (iso: string) => formatInTimeZone(new Date(iso), timeZoneFor(null), 'HH:mm');

/** A report as the courier knows it: what was done, to what, when. */
function ReportText({ report }: { report: Report }) {
  const translate = useTranslate();
  return (
    <>
      {translate(`courierOffline.kinds.${report.name}`)} · {report.subject} · {time(report.madeAt)}
    </>
  );
}

/**
 * Why the server refused a report, in the courier's words: a stop or route that is no longer the
 * courier's (403 or 404: given to another courier, finished) says so; any other refusal is the
 * server's reason (e.g. delivered already, pickup first).
 */
function refusalText(report: Report, translate: Translate): string {
  const { status, errors } = report.refusal!;
  if (status === 403 || status === 404) return translate('courierOffline.notYours');
  return failureText(new HttpFailure(status, errors, null), translate);
}

/**
 * The courier page's offline part (docs/decisions/0072-courier-offline.md): whether the phone is
 * offline and the route shown is the copy kept, how many reports wait to be sent (and why, when
 * the session or the server holds them), and each report the server refused with its reason,
 * until the courier dismisses it. It sends what waits when the network comes back, every 20 s
 * while something waits, and when the page is shown again; it makes the page installable.
 */
export function CourierOffline() {
  const translate = useTranslate();
  const { user } = useShell();
  const queryClient = useQueryClient();
  const { queue, state } = useCourierReports();
  const online = useOnline();
  const copyAt = useCopyShown();

  useEffect(() => {
    void rememberCourierSession(user).catch(() => undefined);
    makeInstallable().catch((err: unknown) => console.info('courier app not installable', err));
  }, [user]);

  useEffect(() => {
    // Answers from the server may have moved stops: the page reads its route and scans again.
    queue.onAnswered = () => void queryClient.invalidateQueries();
    const send = () => void queue.flush().catch(() => undefined);
    const shown = () => {
      if (document.visibilityState === 'visible') send();
    };
    void queue.refresh().then(send);
    window.addEventListener('online', send);
    document.addEventListener('visibilitychange', shown);
    const timer = setInterval(() => {
      if (queue.current.waiting.length > 0) send();
    }, RETRY_MS);
    return () => {
      queue.onAnswered = null;
      window.removeEventListener('online', send);
      document.removeEventListener('visibilitychange', shown);
      clearInterval(timer);
    };
  }, [queue, queryClient]);

  const waiting = state.waiting.length;
  // A day in a basement is hundreds of scans: the oldest few, the rest on request.
  const [all, setAll] = useState(false);
  // The browser's word, or what the page met: a copy shown for want of an answer, a send that got
  // none (a phone may say it is online with no network behind it).
  const offline = !online || copyAt !== null || state.stopped === 'offline';
  return (
    <Stack spacing={1} sx={{ mb: 2 }} data-testid="courier-offline">
      {offline ? (
        <Alert severity="info" data-testid="offline-notice">
          {translate('courierOffline.offline')}
        </Alert>
      ) : null}
      {copyAt ? (
        <Typography variant="body2" color="text.secondary" data-testid="offline-copy">
          {translate('courierOffline.copy', { time: time(copyAt) })}
        </Typography>
      ) : null}
      <Box role="status" aria-live="polite">
        {waiting > 0 ? (
          <Alert
            severity={state.stopped === 'session' ? 'warning' : 'info'}
            data-testid="reports-waiting"
            data-stopped={state.stopped ?? ''}
            action={
              online ? (
                <Button color="inherit" size="small" onClick={() => void queue.flush()}>
                  {translate('courierOffline.sendNow')}
                </Button>
              ) : null
            }
          >
            <Typography variant="body2" fontWeight={600} data-testid="reports-waiting-count">
              {translate('courierOffline.waiting', { smart_count: waiting })}
            </Typography>
            {state.stopped === 'session' ? (
              <Typography variant="body2">
                {translate('courierOffline.logIn')}{' '}
                <a href={`/login?redirectTo=${encodeURIComponent('/courier')}`}>
                  {translate('courierOffline.logInLink')}
                </a>
              </Typography>
            ) : state.stopped === 'server' ? (
              <Typography variant="body2">{translate('courierOffline.serverBusy')}</Typography>
            ) : null}
            <List dense disablePadding aria-label={translate('courierOffline.waitingList')}>
              {(all ? state.waiting : state.waiting.slice(0, SHOWN)).map((r) => (
                <ListItem key={r.id} disableGutters sx={{ py: 0 }} data-report={r.commandId}>
                  <Typography variant="body2">
                    <ReportText report={r} />
                  </Typography>
                </ListItem>
              ))}
            </List>
            {waiting > SHOWN ? (
              <Button
                color="inherit"
                size="small"
                sx={{ px: 0 }}
                aria-expanded={all}
                onClick={() => setAll(!all)}
              >
                {all
                  ? translate('courierOffline.showFewer')
                  : translate('courierOffline.showAll', { smart_count: waiting - SHOWN })}
              </Button>
            ) : null}
          </Alert>
        ) : null}
      </Box>
      {state.refused.map((r) => (
        <Alert
          key={r.id}
          severity="error"
          data-testid="report-refused"
          action={
            <Button
              color="inherit"
              size="small"
              onClick={() => void queue.dismiss(r.id)}
              aria-label={translate('courierOffline.dismissFor', { subject: r.subject })}
            >
              {translate('courierOffline.dismiss')}
            </Button>
          }
        >
          <Typography variant="body2" fontWeight={600}>
            {translate('courierOffline.refused')}: <ReportText report={r} />
          </Typography>
          <Typography variant="body2" data-testid="report-refused-reason">
            {refusalText(r, translate)}
          </Typography>
        </Alert>
      ))}
    </Stack>
  );
}
