import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent, type ReactNode } from 'react';
import { errorMessages, HttpFailure } from '../errors/parse';
import type { Translate } from '../i18n/translator';

/** A failed request as the banner of a log-in page (spec §8 messages; own texts by status). */
export function useFailure(t: Translate) {
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

/**
 * The frame every log-in page's form shares: title, optional text, the error banner, an optional
 * notice, the fields, one submit button (disabled while the request runs) and optional links.
 * `onSubmit` handles its own failures (through `useFailure`); the banner is cleared first.
 */
export function AuthForm(props: {
  title: string;
  text?: ReactNode;
  banner: ReactNode;
  notice?: ReactNode;
  clear: () => void;
  onSubmit: () => Promise<void>;
  submitLabel: string;
  submitDisabled?: boolean;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const [busy, setBusy] = useState(false);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    props.clear();
    void props.onSubmit().finally(() => setBusy(false));
  };
  return (
    <form onSubmit={submit}>
      <Stack spacing={2}>
        <Typography variant="h5" component="h1">
          {props.title}
        </Typography>
        {props.text ? <Typography>{props.text}</Typography> : null}
        {props.banner}
        {props.notice}
        {props.children}
        <Button type="submit" variant="contained" disabled={busy || Boolean(props.submitDisabled)}>
          {props.submitLabel}
        </Button>
        {props.footer}
      </Stack>
    </form>
  );
}
