import type { AuthUser } from '@nordlog/contracts';
import { authRules } from '@nordlog/contracts';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CssBaseline from '@mui/material/CssBaseline';
import Link from '@mui/material/Link';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import { ThemeProvider } from '@mui/material/styles';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessages, HttpFailure } from '../errors/parse';
import { appMessages } from '../i18n/appMessages';
import { locales, storedLocale, storeLocale, type Locale } from '../i18n/locales';
import { createTranslator, type Translate } from '../i18n/translator';
import { muiTheme, palettes, pickTheme } from '../theme/themes';
import { authApi } from './api';
import { afterLogin } from './start';

type Go = (to: string) => void;
const go: Go = (to) => window.location.assign(to);

/** The pages outside the app (spec §2 "Public and authentication"): no react-admin in this bundle. */
export function PublicApp({ user }: { user: AuthUser | null }) {
  const [locale, setLocale] = useState<Locale>(storedLocale());
  const t = useMemo(() => createTranslator(locale), [locale]);
  const themeName = pickTheme(window.location.search);
  const theme = useMemo(() => muiTheme(themeName), [themeName]);
  const path = window.location.pathname;
  const changeLocale = (l: Locale) => {
    storeLocale(l);
    document.documentElement.lang = l;
    setLocale(l);
  };
  let page: { key: string; body: ReactNode };
  if (path === '/') page = { key: 'front', body: <Front t={t} /> };
  else if (path === '/login') page = { key: 'login', body: <Login t={t} user={user} /> };
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
  else if (path === '/open/customer-portal')
    page = { key: 'front', body: <Message t={t} text={t('auth.customerPortalMissing')} /> };
  else if (path.startsWith('/track/'))
    page = { key: 'notBuilt', body: <Message t={t} text={t('notBuilt.text')} /> };
  else page = { key: 'notFound', body: <NotFoundCard t={t} /> };

  useEffect(() => {
    document.title = `${t('app.siteName')} - ${t(`pages.${page.key}`)}`;
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
          {t('app.siteName')}
        </Typography>
        <TextField
          select
          size="small"
          label={t('app.language')}
          value={locale}
          onChange={(e) => changeLocale(e.target.value as Locale)}
          sx={{ minWidth: 160, bgcolor: 'background.paper', borderRadius: 1 }}
        >
          {locales.map((l) => (
            <MenuItem key={l} value={l} lang={l}>
              {appMessages[l].languages[l]}
            </MenuItem>
          ))}
        </TextField>
      </Box>
      <Box component="main" sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <Card sx={{ width: '100%', maxWidth: 480 }}>
          <CardContent>{page.body}</CardContent>
        </Card>
      </Box>
    </ThemeProvider>
  );
}

function useFailure(t: Translate) {
  const [errors, setErrors] = useState<string[]>([]);
  const fail = (err: unknown, override?: Partial<Record<number, string>>) => {
    if (err instanceof HttpFailure) {
      const own = override?.[err.status];
      setErrors(own ? [own] : errorMessages(err.errors, err.status, t, (key) => t(key) !== key));
    } else setErrors([t('errors.server')]);
  };
  const banner =
    errors.length > 0 ? (
      <Alert severity="error" role="alert">
        {errors.join(' ')}
      </Alert>
    ) : null;
  return { fail, banner, clear: () => setErrors([]) };
}

function Front({ t }: { t: Translate }) {
  const redirect = new URLSearchParams(window.location.search).get('redirectTo');
  const target = redirect ? `/login?redirectTo=${encodeURIComponent(redirect)}` : '/login';
  return (
    <Stack spacing={2}>
      <Typography variant="h5" component="h1">
        {t('auth.welcomeTitle')}
      </Typography>
      <Typography>{t('auth.welcomeText')}</Typography>
      <Button variant="contained" href={target}>
        {t('auth.loginButton')}
      </Button>
    </Stack>
  );
}

type Step = 'phone' | 'token' | 'password';

/** Spec §2 /login: the phone-and-token flow, then the password when the user has one. */
function Login({ t, user }: { t: Translate; user: AuthUser | null }) {
  const [step, setStep] = useState<Step>(user?.requiresPwd ? 'password' : 'phone');
  const [phone, setPhone] = useState('');
  const [token, setToken] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
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
  const submit = (action: () => Promise<void>) => (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    clear();
    void action().finally(() => setBusy(false));
  };
  if (step === 'phone') {
    return (
      <form
        onSubmit={submit(async () => {
          try {
            await authApi.requestToken(phone);
            setStep('token');
          } catch (err) {
            fail(err, { 429: t('auth.tooMany') });
          }
        })}
      >
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {t('auth.loginTitle')}
          </Typography>
          {banner}
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
          <Button type="submit" variant="contained" disabled={busy}>
            {t('auth.sendCode')}
          </Button>
        </Stack>
      </form>
    );
  }
  if (step === 'token') {
    return (
      <form
        onSubmit={submit(async () => {
          try {
            finish(await authApi.verifyToken(phone, token));
          } catch (err) {
            fail(err, { 401: t('auth.verifyFailed'), 429: t('auth.tooMany') });
          }
        })}
      >
        <Stack spacing={2}>
          <Typography variant="h5" component="h1">
            {t('auth.loginTitle')}
          </Typography>
          <Typography>{t('auth.tokenSent', { phoneNumber: phone })}</Typography>
          {banner}
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
          <Button type="submit" variant="contained" disabled={busy}>
            {t('auth.verify')}
          </Button>
          <Link component="button" type="button" onClick={() => setStep('phone')}>
            {t('auth.otherNumber')}
          </Link>
        </Stack>
      </form>
    );
  }
  return (
    <form
      onSubmit={submit(async () => {
        try {
          finish(await authApi.verifyPwd(password));
        } catch (err) {
          fail(err, { 401: t('auth.wrongPassword') });
        }
      })}
    >
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('auth.passwordTitle')}
        </Typography>
        {banner}
        <TextField
          label={t('auth.password')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          required
          autoFocus
        />
        <Button type="submit" variant="contained" disabled={busy}>
          {t('auth.signIn')}
        </Button>
        <Link href="/auth/request-password">{t('auth.forgotPassword')}</Link>
      </Stack>
    </form>
  );
}

function SetEmail({ t }: { t: Translate }) {
  const [email, setEmail] = useState('');
  const { fail, banner, clear } = useFailure(t);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        clear();
        authApi
          .claimEmail(email)
          .then((u) => go(afterLogin(window.location.search, u)))
          .catch((err: unknown) => fail(err));
      }}
    >
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('auth.setEmailTitle')}
        </Typography>
        <Typography>{t('auth.setEmailText')}</Typography>
        {banner}
        <TextField
          label={t('auth.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          required
          autoFocus
        />
        <Button type="submit" variant="contained">
          {t('auth.save')}
        </Button>
      </Stack>
    </form>
  );
}

function RequestPassword({ t }: { t: Translate }) {
  const [email, setEmail] = useState('');
  const [sent, setSent] = useState(false);
  const { fail, banner, clear } = useFailure(t);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        clear();
        authApi
          .requestPwdReset(email)
          .then(() => setSent(true))
          .catch((err: unknown) => fail(err, { 429: t('auth.tooMany') }));
      }}
    >
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('auth.requestPasswordTitle')}
        </Typography>
        <Typography>{t('auth.requestPasswordText')}</Typography>
        {banner}
        {sent ? <Alert severity="success">{t('auth.requestPasswordSent')}</Alert> : null}
        <TextField
          label={t('auth.email')}
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          autoComplete="email"
          required
          autoFocus
        />
        <Button type="submit" variant="contained">
          {t('auth.requestPasswordSend')}
        </Button>
        <Link href="/login">{t('auth.backToLogin')}</Link>
      </Stack>
    </form>
  );
}

/** Spec §7: POST /auth/set-pwd {password, token}, then the user goes to /login. */
function SetPassword({ t, token }: { t: Translate; token: string }) {
  const [password, setPassword] = useState('');
  const [done, setDone] = useState(false);
  const { fail, banner, clear } = useFailure(t);
  const min = authRules.passwordMinLength;
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        clear();
        authApi
          .setPwd(password, token)
          .then(() => {
            setDone(true);
            setTimeout(() => go('/login'), 1500);
          })
          .catch((err: unknown) => fail(err));
      }}
    >
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {t('auth.setPasswordTitle')}
        </Typography>
        {banner}
        {done ? <Alert severity="success">{t('auth.passwordSet')}</Alert> : null}
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
        <Button type="submit" variant="contained" disabled={done}>
          {t('auth.save')}
        </Button>
        <Link href="/login">{t('auth.backToLogin')}</Link>
      </Stack>
    </form>
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
