import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Slider from '@mui/material/Slider';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AuditLog, AuditLogDetails, AuditLogEntry } from '@nordlog/contracts';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState, type FormEvent } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { useNavigate, useParams } from 'react-router-dom';
import { formatInTimeZone } from 'date-fns-tz';
import { HttpFailure } from '../errors/parse';
import { dateFormats, defaultTimeZone, formatDate, normalizeLocale } from '../i18n/locales';
import { PageHeader } from '../layout/PageHeader';
import { usePageTitle } from '../layout/pageTitle';
import { runQuery } from '../shell/api';
import { DeliveryProofView } from '../planner/details/DeliveryProofView';
import {
  ORDER_FIELDS,
  isShipmentKey,
  orderFacts,
  referenceNamer,
  shownChanges,
  type ValueFormat,
} from './auditView';

const COLUMNS = ['revision', 'when', 'who', 'command', 'state', 'changes'] as const;

/** A refusal (4xx) is an answer, not a failure to try again. */
const retry = (count: number, err: unknown) =>
  !(err instanceof HttpFailure && err.status < 500) && count < 3;

const isNotFound = (err: unknown) => err instanceof HttpFailure && err.status === 404;

/** An event's instant with seconds, in the app's date format (events often share a minute). */
function useWhen() {
  const [locale] = useLocaleState();
  const format = `${dateFormats[normalizeLocale(locale)]} HH:mm:ss`;
  return (iso: string) => formatInTimeZone(new Date(iso), defaultTimeZone, format);
}

/**
 * Values as the user reads them: dates in their format, yes/no, and the records the order names
 * (departments, customers, slots, units, couriers) by the names the log gives (issue 36).
 */
function useValueFormat(references: AuditLog['references']): ValueFormat {
  const [locale] = useLocaleState();
  const translate = useTranslate();
  return useMemo(() => {
    const date = (iso: string) => formatDate(iso, normalizeLocale(locale));
    return {
      date,
      yesNo: (value) => translate(`ra.boolean.${String(value)}`),
      name: referenceNamer(references, date),
    };
  }, [locale, translate, references]);
}

/**
 * `/admin/lmEvents/{shipmentId?}` (spec §2; ADMIN and ACCOUNTING with ADMIN_LM_EVENTS,
 * docs/decisions/0029-audit-replay.md): find a shipment by its shipment id, a package id or the
 * order id; its events with who, when, the command and what changed; pick an event (the list or
 * the slider) to see the order as it was then, rebuilt on the server from the events up to it.
 */
export default function AuditReplayPage() {
  const translate = useTranslate();
  const navigate = useNavigate();
  usePageTitle('audit.title');
  const { shipmentId: key = '' } = useParams();
  const [text, setText] = useState(key);
  useEffect(() => setText(key), [key]);
  const valid = isShipmentKey(key);
  const log = useQuery({
    queryKey: ['apolloAuditLogEntries', key],
    queryFn: () => runQuery<AuditLog>('apolloAuditLogEntries', { id: key.trim() }),
    enabled: valid,
    retry,
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate(`/admin/lmEvents/${encodeURIComponent(text.trim())}`);
  };
  const typedInvalid = text.trim() !== '' && !isShipmentKey(text);

  return (
    <Box sx={{ p: 2, minWidth: 0 }}>
      <PageHeader title={translate('audit.title')}>
        <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1 }}>
          <TextField
            size="small"
            label={translate('audit.search')}
            value={text}
            onChange={(e) => setText(e.target.value)}
            error={typedInvalid}
            helperText={typedInvalid ? translate('audit.invalid') : undefined}
            slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'audit-search' } }}
            sx={{ minWidth: 300 }}
          />
          <Button type="submit" variant="contained" disabled={!isShipmentKey(text)}>
            {translate('audit.find')}
          </Button>
        </Box>
      </PageHeader>
      {!key ? <Typography color="text.secondary">{translate('audit.intro')}</Typography> : null}
      {key && !valid ? <Alert severity="warning">{translate('audit.invalid')}</Alert> : null}
      {log.isLoading ? <LinearProgress aria-label={translate('app.loading')} /> : null}
      {log.isError ? (
        <Alert severity={isNotFound(log.error) ? 'info' : 'error'}>
          {translate(isNotFound(log.error) ? 'audit.notFound' : 'audit.error')}
        </Alert>
      ) : null}
      {log.data ? <AuditLogView log={log.data} /> : null}
    </Box>
  );
}

/** The events of one order and the order as of the chosen one (by default the last). */
function AuditLogView({ log }: { log: AuditLog }) {
  const translate = useTranslate();
  const when = useWhen();
  const last = log.entries.length - 1;
  const [chosen, setChosen] = useState(last);
  useEffect(() => setChosen(last), [log.orderId, last]);
  const entry = log.entries[chosen];
  const format = useValueFormat(log.references);
  return (
    <>
      <Typography sx={{ mb: 1 }} data-testid="audit-summary">
        {translate('audit.summary', {
          orderId: log.orderId,
          shipmentId: log.shipmentId ?? '–',
          count: log.entries.length,
        })}
      </Typography>
      <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <EventTable log={log} chosen={chosen} onChoose={setChosen} format={format} />
        <Paper variant="outlined" sx={{ p: 2, flex: '1 1 320px', minWidth: 280 }}>
          <Typography variant="h6" component="h2">
            {translate('audit.asOf')}
          </Typography>
          {entry ? (
            <Typography variant="body2" color="text.secondary" data-testid="audit-moment">
              {translate('audit.moment', {
                revision: entry.revision,
                when: when(entry.occurredAt),
              })}
            </Typography>
          ) : null}
          <Slider
            aria-label={translate('audit.slider')}
            value={chosen}
            min={0}
            max={Math.max(last, 0)}
            step={1}
            marks
            disabled={last <= 0}
            valueLabelDisplay="auto"
            onChange={(_e, value) => setChosen(value)}
          />
          {entry ? (
            <OrderAsOf orderId={log.orderId} revision={entry.revision} format={format} />
          ) : null}
        </Paper>
      </Box>
    </>
  );
}

function EventTable({
  log,
  chosen,
  onChoose,
  format,
}: {
  log: AuditLog;
  chosen: number;
  onChoose: (index: number) => void;
  format: ValueFormat;
}) {
  const translate = useTranslate();
  return (
    <TableContainer
      component={Paper}
      variant="outlined"
      sx={{ flex: '2 1 560px', minWidth: 0, overflowX: 'auto' }}
      role="region"
      aria-label={translate('audit.events')}
      tabIndex={0}
    >
      <Table size="small">
        <TableHead>
          <TableRow>
            {COLUMNS.map((c) => (
              <TableCell key={c}>{translate(`audit.columns.${c}`)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {log.entries.map((e, i) => (
            <EventRow
              key={e.revision}
              entry={e}
              selected={i === chosen}
              onChoose={() => onChoose(i)}
              format={format}
            />
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function EventRow({
  entry,
  selected,
  onChoose,
  format,
}: {
  entry: AuditLogEntry;
  selected: boolean;
  onChoose: () => void;
  format: ValueFormat;
}) {
  const translate = useTranslate();
  const when = useWhen();
  const changes = shownChanges(entry, 6, format);
  return (
    <TableRow
      hover
      selected={selected}
      onClick={onChoose}
      onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && onChoose()}
      tabIndex={0}
      aria-selected={selected}
      data-testid={`audit-event-${entry.revision}`}
      sx={{ cursor: 'pointer', verticalAlign: 'top' }}
    >
      <TableCell>{entry.revision}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>{when(entry.occurredAt)}</TableCell>
      <TableCell>{entry.userName ?? translate('audit.user', { id: entry.userId })}</TableCell>
      <TableCell>
        <div>{entry.commandType ?? '–'}</div>
        <Typography variant="caption" color="text.secondary">
          {entry.eventType}
        </Typography>
      </TableCell>
      <TableCell>{entry.state ? translate(`states.${entry.state}`) : '–'}</TableCell>
      {/* Wide enough to read a change on a line; long values wrap at words, not letters. */}
      <TableCell sx={{ fontSize: 12, minWidth: 280, overflowWrap: 'anywhere' }}>
        {changes.created ? translate('audit.created') : null}
        {!changes.created && changes.lines.length === 0 ? translate('audit.noChanges') : null}
        {changes.lines.map((line) => (
          <div key={line}>{line}</div>
        ))}
        {changes.more > 0 ? <div>{translate('audit.more', { count: changes.more })}</div> : null}
      </TableCell>
    </TableRow>
  );
}

/** The order after the event of `revision`, rebuilt from the events (apolloAuditLogEntriesDetails). */
function OrderAsOf({
  orderId,
  revision,
  format,
}: {
  orderId: string;
  revision: number;
  format: ValueFormat;
}) {
  const translate = useTranslate();
  const details = useQuery({
    queryKey: ['apolloAuditLogEntriesDetails', orderId, revision],
    queryFn: () => runQuery<AuditLogDetails>('apolloAuditLogEntriesDetails', { orderId, revision }),
    retry,
    placeholderData: (previous) => previous,
  });
  if (details.isError) return <Alert severity="error">{translate('audit.error')}</Alert>;
  if (!details.data) return <LinearProgress aria-label={translate('app.loading')} />;
  const row = details.data.order;
  if (!row) return <Typography>{translate('audit.notBooked')}</Typography>;
  const facts = orderFacts(row, format);
  return (
    <>
      <Box
        component="dl"
        data-testid="audit-order"
        aria-busy={details.isFetching}
        sx={{ display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: 2, rowGap: 0.5 }}
      >
        {ORDER_FIELDS.map((f) => (
          <Box key={f} sx={{ display: 'contents' }}>
            <Typography component="dt" variant="body2" color="text.secondary">
              {translate(`audit.fields.${f}`)}
            </Typography>
            <Typography component="dd" variant="body2" sx={{ m: 0 }} data-field={f}>
              {f === 'state'
                ? translate(`states.${facts.state}`)
                : f === 'invoicing' && facts.invoicing
                  ? translate(`invoicingScreen.status.${facts.invoicing}`)
                  : facts[f] || '–'}
            </Typography>
          </Box>
        ))}
      </Box>
      {row.proof ? (
        // The delivery's proof as of this event (0068).
        <Box sx={{ mt: 2 }}>
          <DeliveryProofView proof={row.proof} timeZone={defaultTimeZone} />
        </Box>
      ) : null}
    </>
  );
}
