import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { PersonalDataAnswer } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslate } from 'react-admin';
import { HttpFailure, errorMessages } from '../errors/parse';
import { PageHeader } from '../layout/PageHeader';
import { usePageTitle } from '../layout/pageTitle';
import { ConfirmDialog } from '../planner/planning/Dialogs';
import { runQuery, sendCommand } from '../shell/api';
import { AddressesFound, UsersFound } from './RecordsFound';

type Kind = 'phoneNumber' | 'email';

/** The answer as a file the person can be given (GDPR art. 15), named after what was asked. */
function download(answer: PersonalDataAnswer) {
  const blob = new Blob([JSON.stringify(answer, null, 2)], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  const who = (answer.phoneNumber ?? answer.email ?? 'person').replace(/[^\w.@+-]/g, '_');
  a.href = url;
  a.download = `personal-data-${who}-${new Date().toISOString().slice(0, 10)}.json`;
  a.click();
  URL.revokeObjectURL(url);
}

/**
 * `/admin/personal-data` (docs/decisions/0050-personal-data.md; ADMIN with ADMIN_PERSONAL_DATA): a
 * person's requests. Find what the product holds about a phone number or an e-mail address, give
 * it to them as JSON (access, GDPR art. 15), and erase their data from the orders it was found on
 * (art. 17), after a confirmation: the orders stay, their parties read as erased for good; and the
 * users it was found on, each deleted and erased after a confirmation of its own.
 */
export default function PersonalDataPage() {
  const translate = useTranslate();
  usePageTitle('personalData.title');
  const [kind, setKind] = useState<Kind>('phoneNumber');
  const [text, setText] = useState('');
  const [asked, setAsked] = useState<{ kind: Kind; value: string } | null>(null);
  const answer = useQuery({
    queryKey: ['personalData', asked],
    queryFn: () => runQuery<PersonalDataAnswer>('personalData', { [asked!.kind]: asked!.value }),
    enabled: asked !== null,
    retry: (count, err) => !(err instanceof HttpFailure && err.status < 500) && count < 3,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (text.trim().length >= 3) setAsked({ kind, value: text.trim() });
  };
  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <PageHeader title={translate('personalData.title')}>
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
          <TextField
            select
            size="small"
            label={translate('personalData.by')}
            value={kind}
            onChange={(e) => setKind(e.target.value as Kind)}
            sx={{ minWidth: 140 }}
          >
            <MenuItem value="phoneNumber">{translate('personalData.phone')}</MenuItem>
            <MenuItem value="email">{translate('personalData.email')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            label={translate(kind === 'email' ? 'personalData.email' : 'personalData.phone')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            slotProps={{
              htmlInput: {
                'data-testid': 'personal-data-search',
                inputMode: kind === 'email' ? 'email' : 'tel',
              },
            }}
            sx={{ minWidth: 260 }}
          />
          <Button type="submit" variant="contained" disabled={text.trim().length < 3}>
            {translate('personalData.find')}
          </Button>
        </Box>
      </PageHeader>
      {asked === null ? (
        <Typography color="text.secondary">{translate('personalData.intro')}</Typography>
      ) : null}
      {answer.isFetching ? <LinearProgress aria-label={translate('app.loading')} /> : null}
      {answer.isError ? <ErrorAlert error={answer.error} /> : null}
      {answer.data ? (
        <Findings answer={answer.data} onErased={() => void answer.refetch()} />
      ) : null}
    </Box>
  );
}

function ErrorAlert({ error }: { error: unknown }) {
  const translate = useTranslate();
  const has = (key: string) => translate(key, { _: '' }) !== '';
  const text =
    error instanceof HttpFailure
      ? errorMessages(error.errors, error.status, (k, o) => translate(k, o), has).join(' ')
      : translate('personalData.error');
  return <Alert severity="error">{text}</Alert>;
}

/** What was found: the orders and the users, the file to give, and the erasure. */
function Findings({ answer, onErased }: { answer: PersonalDataAnswer; onErased: () => void }) {
  const translate = useTranslate();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<unknown>(null);
  const [erased, setErased] = useState<number | null>(null);
  const erasable = answer.orders.filter((o) => !o.personalDataErasedAt).map((o) => o.orderId);
  const erase = async () => {
    setBusy(true);
    setFailure(null);
    try {
      await sendCommand('ERASE_PERSONAL_DATA', { orderIds: erasable });
      setErased(erasable.length);
      setConfirming(false);
      onErased();
    } catch (err) {
      setFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack spacing={2}>
      <Typography data-testid="personal-data-summary">
        {translate('personalData.summary', {
          orders: answer.orders.length,
          users: answer.users.length,
          addresses: answer.addresses.length,
        })}
      </Typography>
      {answer.truncated ? (
        <Alert severity="warning">{translate('personalData.truncated')}</Alert>
      ) : null}
      {erased !== null ? (
        <Alert severity="success">{translate('personalData.erased', { count: erased })}</Alert>
      ) : null}
      {failure ? <ErrorAlert error={failure} /> : null}
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" onClick={() => download(answer)}>
          {translate('personalData.download')}
        </Button>
        <Button
          variant="contained"
          color="error"
          disabled={erasable.length === 0}
          onClick={() => setConfirming(true)}
        >
          {translate('personalData.erase', { count: erasable.length })}
        </Button>
      </Stack>
      {answer.orders.length > 0 ? (
        <Paper variant="outlined" sx={{ overflowX: 'auto' }}>
          <Table size="small" aria-label={translate('personalData.orders')}>
            <TableHead>
              <TableRow>
                {['order', 'shipment', 'date', 'state', 'customer', 'parties', 'status'].map(
                  (c) => (
                    <TableCell key={c}>{translate(`personalData.columns.${c}`)}</TableCell>
                  ),
                )}
              </TableRow>
            </TableHead>
            <TableBody>
              {answer.orders.map((o) => (
                <TableRow key={o.orderId}>
                  <TableCell>{o.orderId}</TableCell>
                  <TableCell>{o.shipmentId ?? '–'}</TableCell>
                  <TableCell>{o.order.pickupDate}</TableCell>
                  <TableCell>{translate(`states.${o.state}`)}</TableCell>
                  <TableCell>{o.customerName ?? o.customerId}</TableCell>
                  <TableCell>
                    {o.parties.map((p) => translate(`personalData.parties.${p}`)).join(', ')}
                  </TableCell>
                  <TableCell>
                    {o.personalDataErasedAt
                      ? translate('personalData.erasedAt', {
                          at: o.personalDataErasedAt.slice(0, 10),
                        })
                      : translate('personalData.held')}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </Paper>
      ) : null}
      <UsersFound
        rows={answer.users}
        onErased={onErased}
        errorOf={(error) => <ErrorAlert error={error} />}
      />
      <AddressesFound
        rows={answer.addresses}
        onErased={onErased}
        errorOf={(error) => <ErrorAlert error={error} />}
      />
      <ConfirmDialog
        open={confirming}
        title={translate('personalData.confirmTitle')}
        text={translate('personalData.confirmText', { count: erasable.length })}
        confirmLabel={translate('personalData.erase', { count: erasable.length })}
        danger
        busy={busy}
        onConfirm={() => void erase()}
        onClose={() => setConfirming(false)}
      />
    </Stack>
  );
}
