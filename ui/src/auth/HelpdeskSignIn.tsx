import Alert from '@mui/material/Alert';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import type { Translate } from '../i18n/translator';
import { requestJson } from '../shell/api';
import { safeRedirect } from './start';

/** The token of a help-desk link: in its fragment (`#token=…`, kept out of logs) or query. */
export function helpdeskTokenOf(location: { hash: string; search: string }): string | null {
  const fromHash = new URLSearchParams(location.hash.replace(/^#/, '')).get('token');
  return fromHash ?? new URLSearchParams(location.search).get('token');
}

/**
 * Spec §2 `/auth/{third-party help desk}/token` (docs/decisions/0074-customer-portal.md): the
 * page a help desk's signed one-time link opens. It posts the token to the same path; the
 * server signs the customer user in once and says where to go (the customer portal).
 */
export function HelpdeskSignIn({ t }: { t: Translate }) {
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const token = helpdeskTokenOf(window.location);
    if (!token) {
      setFailed(true);
      return;
    }
    requestJson<{ redirectUrl?: string }>(window.location.pathname, {
      method: 'POST',
      body: { token },
    }).then(
      (answer) => {
        const to = answer.redirectUrl ?? '/';
        window.location.replace(/^https?:\/\//i.test(to) ? to : (safeRedirect(to) ?? '/'));
      },
      () => setFailed(true),
    );
  }, []);
  return (
    <Stack spacing={2} data-testid="helpdesk-sign-in">
      <Typography variant="h5" component="h1">
        {t('auth.helpdeskTitle')}
      </Typography>
      {failed ? (
        <Alert severity="error">{t('auth.helpdeskFailed')}</Alert>
      ) : (
        <Typography>{t('auth.helpdeskSigningIn')}</Typography>
      )}
      <Link href="/">{t('notFound.home')}</Link>
    </Stack>
  );
}
