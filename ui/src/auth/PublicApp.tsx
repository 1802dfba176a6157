import type { AuthUser } from '@nordlog/contracts';
import { authRules } from '@nordlog/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CssBaseline from '@mui/material/CssBaseline';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { languageNames, loadAppMessages } from '../i18n/loadMessages';
import { locales, storedLocale, storeLocale, type Locale } from '../i18n/locales';
import type { Messages } from '../i18n/messages/en';
import { createTranslator, type Translate } from '../i18n/translator';
import { muiTheme, palettes, pickTheme, siteNameKey } from '../theme/themes';
import { TrackPage } from '../tracking/TrackPage';
import { trackingIdOf } from '../tracking/trackingApi';
import { authApi } from './api';
import { AuthForm, useFailure } from './AuthForm';
import { HelpdeskSignIn } from './HelpdeskSignIn';
import { afterLogin, isPortalPath, safeRedirect } from './start';

const redirectTo = () => new URLSearchParams(window.location.search).get('redirectTo');

type Go = (to: string) => void;
const go: Go = (to) => window.location.assign(to);

/**
 * The pages outside the app (spec §2 "Public and authentication"): no react-admin in this bundle.
 * `messages` are those of the stored language, loaded at start-up; another language's are loaded
 * when the user picks it.
 */
export function PublicApp({ user, messages }: { user: AuthUser | null; messages: Messages }) {
  const [language, setLanguage] = useState({ locale: storedLocale(), messages });
  const { locale } = language;
  const t = useMemo(() => createTranslator(language.locale, language.messages), [language]);
  const themeName = pickTheme(window.location.search);
  const theme = useMemo(() => muiTheme(themeName, t('app.loading')), [themeName, t]);
  const path = window.location.pathname;
  const changeLocale = (l: Locale) => {
    storeLocale(l);
    void loadAppMessages(l).then((loaded) => {
      document.documentElement.lang = l;
      setLanguage({ locale: l, messages: loaded });
    });
  };
  let page: { key: string; body: ReactNode };
  // The front page is the log-in form itself: a first visit starts with the phone number.
  if (path === '/' || path === '/login') page = { key: 'login', body: <Login t={t} user={user} /> };
  else if (path === '/auth/set-email') page = { key: 'setEmail', body: <SetEmail t={t} /> };
  else if (path === '/auth/request-password')
    page = { key: 'requestPassword', body: <RequestPassword t={t} /> };
  else if (path.startsWith('/auth/set-password/'))
    page = {
      key: 'setPassword',
      body: (
        <SetPassword t={t} token={decodeURIComponent(path.slice('/auth/set-password/'.length))} />
      ),
    };
  else if (/^\/auth\/[\w-]+\/token\/?$/.test(path))
    page = { key: 'helpdesk', body: <HelpdeskSignIn t={t} /> };
  else if (path === '/open/customer-portal')
    page = { key: 'front', body: <Message t={t} text={t('auth.customerPortalMissing')} /> };
  else if (path.startsWith('/track/'))
    page = { key: 'track', body: <TrackPage id={trackingIdOf(path)} t={t} locale={locale} /> };
  else page = { key: 'notFound', body: <NotFoundCard t={t} /> };

  useEffect(() => {
    document.title = `${t(siteNameKey(themeName))} - ${t(`pages.${page.key}`)}`;
  }, [t, page.key]);

  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <Box
        component="header"
        sx={{
          bgcolor: palettes[themeName].bar,
          color: palettes[themeName].onBar,
          px: 4,
          py: 1.5,
          display: 'flex',
          alignItems: 'center',
          gap: 2,
        }}
      >
        <Typography component="span" variant="h6" sx={{ flexGrow: 1, fontWeight: 700 }}>
          {t(siteNameKey(themeName))}
        </Typography>
        <TextField
          select
          size="small"
          label={t('app.language')}
          value={locale}
          onChange={(e) => changeLocale(e.target.value as Locale)}
          sx={{ minWidth: 160, bgcolor: 'background.paper', borderRadius: 1 }}
          // The raised label sits on the header's colour: give it the field's own background.
          slotProps={{
            inputLabel: {
              sx: {
                color: 'text.primary',
                bgcolor: 'background.paper',
                px: 0.5,
                borderRadius: 0.5,
              },
            },
          }}
        >
          {locales.map((l) => (
            <MenuItem key={l} value={l} lang={l}>
              {languageNames[l]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box component="main" sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <Card sx={{ width: '100%', maxWidth: page.key === 'track' ? 640 : 480 }}>
          <CardContent>{page.body}</CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
}

type Step = 'phone' | 'token' | 'password';

/** Spec §2 /login: the phone-and-token flow, then the password when the user has one. */
function Login({ t, user }: { t: Translate; user: AuthUser | null }) {
  const [step, setStep] = useState<Step>(user?.requiresPwd ? 'password' : 'phone');
  const [phone, setPhone] = useState('');
  const [token, setToken] = useState('');
  const [password, setPassword] = useState('');
  const { fail, banner, clear } = useFailure(t);
  const finish = (u: AuthUser) => {
    if (u.requiresPwd && u.hasPassword) {
      setStep('password');
      return;
    }
    if (u.requiresPwd) return go('/auth/request-password');
    if (u.requiresEmail) return go(`/auth/set-email${window.location.search}`);
    go(afterLogin(window.location.search, u));
  };
  if (step === 'phone') {
    return (
      <AuthForm
        title={t('auth.loginTitle')}
        banner={banner}
        clear={clear}
        submitLabel={t('auth.sendCode')}
        onSubmit={async () => {
          try {
            // The customer login starts at api/auth/customer-login-initiate (spec §7; 0074).
            if (isPortalPath(safeRedirect(redirectTo()) ?? ''))
              await authApi.customerLoginInitiate(phone);
            else await authApi.requestToken(phone);
            setStep('token');
          } catch (err) {
            fail(err, { 429: t('auth.tooMany') });
          }
        }}
      >
        <TextField
          label={t('auth.phoneNumber')}
          helperText={t('auth.phoneHint')}
          value={phone}
          onChange={(e) => setPhone(e.target.value)}
          autoComplete="tel"
          inputMode="tel"
          required
          autoFocus
        />
      </AuthForm>
    );
  }
  if (step === 'token') {
    return (
      <AuthForm
        title={t('auth.loginTitle')}
        text={t('auth.tokenSent', { phoneNumber: phone })}
        banner={banner}
        clear={clear}
        submitLabel={t('auth.verify')}
        onSubmit={async () => {
          try {
            finish(await authApi.verifyToken(phone, token));
          } catch (err) {
            fail(err, { 401: t('auth.verifyFailed'), 429: t('auth.tooMany') });
          }
        }}
        footer={
          <Link component="button" type="button" onClick={() => setStep('phone')}>
            {t('auth.otherNumber')}
          </Link>
        }
      >
        <TextField
          label={t('auth.token')}
          value={token}
          onChange={(e) => setToken(e.target.value.replace(/\D/g, '').slice(0, 6))}
          autoComplete="one-time-code"
          inputMode="numeric"
          slotProps={{ htmlInput: { pattern: '\\d{6}', maxLength: 6 } }}
          required
          autoFocus
        />
      </AuthForm>
    );
  }
  return (
    <AuthForm
      title={t('auth.passwordTitle')}
      banner={banner}
      clear={clear}
      submitLabel={t('auth.signIn')}
      onSubmit={async () => {
        try {
          finish(await authApi.verifyPwd(password));
        } catch (err) {
          fail(err, { 401: t('auth.wrongPassword') });
        }
      }}
      footer={<Link href="/auth/request-password">{t('auth.forgotPassword')}</Link>}
    >
      <TextField
        label={t('auth.password')}
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="current-password"
        required
        autoFocus
      />
    </AuthForm>
  );
}

function SetEmail({ t }: { t: Translate }) {
  const [email, setEmail] = useState('');
  const { fail, banner, clear } = useFailure(t);
  return (
    <AuthForm
      title={t('auth.setEmailTitle')}
      text={t('auth.setEmailText')}
      banner={banner}
      clear={clear}
      submitLabel={t('auth.save')}
      onSubmit={() =>
        authApi
          .claimEmail(email)
          .then((u) => go(afterLogin(window.location.search, u)))
          .catch((err: unknown) => fail(err))
      }
    >
      <TextField
        label={t('auth.email')}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoComplete="email"
        required
        autoFocus
      />
    </AuthForm>
  );
}

function RequestPassword({ t }: { t: Translate }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { fail, banner, clear } = useFailure(t);
  return (
    <AuthForm
      title={t('auth.requestPasswordTitle')}
      text={t('auth.requestPasswordText')}
      banner={banner}
      notice={sent ? <Alert severity="success">{t('auth.requestPasswordSent')}</Alert> : null}
      clear={clear}
      submitLabel={t('auth.requestPasswordSend')}
      onSubmit={() =>
        authApi
          .requestPwdReset(email)
          .then(() => setSent(true))
          .catch((err: unknown) => fail(err, { 429: t('auth.tooMany') }))
      }
      footer={<Link href="/login">{t('auth.backToLogin')}</Link>}
    >
      <TextField
        label={t('auth.email')}
        type="email"
        value={email}
        onChange={(e) => setEmail(e.target.value)}
        autoComplete="email"
        required
        autoFocus
      />
    </AuthForm>
  );
}

/** Spec §7: POST /auth/set-pwd {password, token}, then the user goes to /login. */
function SetPassword({ t, token }: { t: Translate; token: string }) {
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { fail, banner, clear } = useFailure(t);
  const min = authRules.passwordMinLength;
  return (
    <AuthForm
      title={t('auth.setPasswordTitle')}
      banner={banner}
      notice={done ? <Alert severity="success">{t('auth.passwordSet')}</Alert> : null}
      clear={clear}
      submitLabel={t('auth.save')}
      submitDisabled={done}
      onSubmit={() =>
        authApi
          .setPwd(password, token)
          .then(() => {
            setDone(true);
            setTimeout(() => go('/login'), 1500);
          })
          .catch((err: unknown) => fail(err))
      }
      footer={<Link href="/login">{t('auth.backToLogin')}</Link>}
    >
      <TextField
        label={t('auth.newPassword')}
        type="password"
        helperText={t('auth.passwordRule', { min })}
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="new-password"
        slotProps={{ htmlInput: { minLength: min } }}
        required
        autoFocus
      />
    </AuthForm>
  );
}

function Message({ t, text }: { t: Translate; text: string }) {
  return (
    <Stack spacing={2}>
      <Typography>{text}</Typography>
      <Link href="/">{t('notFound.home')}</Link>
    </Stack>
  );
}

function NotFoundCard({ t }: { t: Translate }) {
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('notFound.title')}
      </Typography>
      <Typography>{t('notFound.text')}</Typography>
      <Link href="/">{t('notFound.home')}</Link>
    </Stack>
  );
}
