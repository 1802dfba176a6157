import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Snackbar from '@mui/material/Snackbar';
import { useEffect, useState } from 'react';
import {
  CloseNotificationContext,
  useNotificationContext,
  useTranslate,
  type NotificationPayload,
} from 'react-admin';
import { toastTimeout } from '../shell/timeouts';

const NO_ACCESS = 'errors.NO_ACCESS';

/**
 * The toast area (spec §2), bottom-left (UI.md): one toast at a time from react-admin's queue;
 * errors and warnings stay 10 s, other toasts 1 s unless they set their own time (spec §9).
 */
export function Toasts() {
  const { notifications, takeNotification } = useNotificationContext();
  const translate = useTranslate();
  const [current, setCurrent] = useState<NotificationPayload | undefined>();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    // A newer toast replaces the one on screen (MUI's consecutive-snackbars pattern), so an error
    // never waits behind a confirmation.
    if (notifications.length > 0 && current && open) setOpen(false);
    if (notifications.length > 0 && !current) {
      const next = takeNotification();
      if (next) {
        // Spec §6: a refused action shows the no-access notice and logs a warning.
        if (next.message === NO_ACCESS)
          console.warn('no access', next.notificationOptions?.messageArgs);
        setCurrent(next);
        setOpen(true);
      }
    }
  }, [notifications, current, open, takeNotification]);
  if (!current) return null;
  const { message, type, notificationOptions } = current;
  const autoHideDuration = notificationOptions?.autoHideDuration;
  const messageArgs = notificationOptions?.messageArgs as Record<string, unknown> | undefined;
  const close = () => setOpen(false);
  const severity =
    type === 'error'
      ? 'error'
      : type === 'warning'
        ? 'warning'
        : type === 'success'
          ? 'success'
          : 'info';
  return (
    <CloseNotificationContext.Provider value={close}>
      <Snackbar
        open={open}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
        autoHideDuration={toastTimeout(type, autoHideDuration) ?? undefined}
        onClose={(_e, reason) => reason !== 'clickaway' && close()}
        slotProps={{ transition: { onExited: () => setCurrent(undefined) } }}
        data-testid="toast"
      >
        <Alert
          severity={severity}
          variant="filled"
          onClose={close}
          role={severity === 'error' ? 'alert' : 'status'}
        >
          {message === NO_ACCESS ? (
            <AlertTitle>{translate('notifications.noAccessTitle')}</AlertTitle>
          ) : null}
          {message === NO_ACCESS
            ? translate('notifications.noAccess')
            : typeof message === 'string'
              ? translate(message, { _: message, ...messageArgs })
              : message}
        </Alert>
      </Snackbar>
    </CloseNotificationContext.Provider>
  );
}
