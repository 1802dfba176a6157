import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  EXPORT_MULTILEG_RETURNS_PATH,
  deviationReasons,
  returnEligibility,
  type ManageReturnsRow,
} from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useLocation, useNavigate, useParams } from 'react-router-dom';
import { useMayRun } from '../../access/useMayRun';
import { failureText } from '../../errors/parse';
import { enumKey } from '../../i18n/enums';
import { formatDate, normalizeLocale, timeZoneFor, todayIn } from '../../i18n/locales';
import { PageHeader } from '../../layout/PageHeader';
import { usePageTitle } from '../../layout/pageTitle';
import { useDepartmentOptions } from '../../layout/useDepartments';
import { REFETCH } from '../../live/applyChanges';
import { useLiveDates } from '../../live/LiveProvider';
import { runQuery, sendCommand, type CommandAnswer } from '../../shell/api';
import { downloadFile } from '../../shell/download';
import { useLatestPath } from '../../shell/latestPath';
import { DateRangeFilter } from '../DateRangeFilter';
import { liveDates } from '../shipmentsData';
import { MANAGE_RETURNS_KEY } from './queries';
import { parseReturnsView, returnsPath, type ReturnsView } from './returnsPaths';

const LIMIT = 1000;

type Kind = 'SAME_ADDRESS' | 'SENDER' | 'MULTILEG';

/**
 * `/planner/{dep}/manage-returns/*` (spec §2, docs/decisions/0057-returns.md): the department's
 * deviated orders whose return is still to make, and the returns made with their legs, by date,
 * customer and reason (in the address). A planner makes a return of one order (a new attempt, back
 * to the sender, or through the terminal) or of the ticked ones at once; the made list downloads as
 * the multi-leg returns CSV. Both lists follow the socket.
 */
export default function ManageReturns() {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = normalizeLocale(useLocale());
  const navigate = useNavigate();
  const location = useLocation();
  const mayRun = useMayRun();
  const queryClient = useQueryClient();
  usePageTitle('returns.title');
  const { departmentId = '', '*': splat = '' } = useParams();
  const option = useDepartmentOptions().data?.find((d) => d.id === departmentId);
  const timeZone = timeZoneFor(option?.country ?? null);
  const today = todayIn(timeZone);
  const view = parseReturnsView(splat, location.search, today);
  const latest = useLatestPath();
  const go = (next: Partial<ReturnsView>) => {
    setTicked(new Set());
    const now = parseReturnsView(latest().splat, window.location.search, today);
    void navigate(returnsPath(departmentId, { ...now, ...next }), { replace: true });
  };
  useLiveDates(
    useMemo(
      () => liveDates(view.fromDate, view.toDate, today),
      [view.fromDate, view.toDate, today],
    ),
  );
  const params = {
    departmentId,
    view: view.view,
    fromDate: view.fromDate,
    toDate: view.toDate,
    ...(view.customerIds.length ? { customerIds: view.customerIds } : {}),
    ...(view.reasons.length && view.view === 'TO_MAKE' ? { reasons: view.reasons } : {}),
    limit: LIMIT,
  };
  const rows = useQuery({
    // Its rows are orders with more fields: a pushed change fetches the list again.
    queryKey: [MANAGE_RETURNS_KEY, REFETCH, params],
    enabled: departmentId !== '',
    queryFn: () => runQuery<ManageReturnsRow[]>('manageReturns', params),
  });
  const list = useMemo(() => rows.data ?? [], [rows.data]);
  // The customers to filter by: those of the list, and those chosen (which the list may lack).
  const customers = useMemo(() => {
    const names = new Map(list.map((r) => [String(r.customerId), r.customerName ?? r.customerId]));
    for (const id of view.customerIds) if (!names.has(id)) names.set(id, id);
    return [...names].sort((a, b) => a[1].localeCompare(b[1], locale));
  }, [list, view.customerIds, locale]);
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const canReturn = mayRun('CREATE_MULTILEG_RETURNS');

  const refresh = () => queryClient.invalidateQueries({ queryKey: [MANAGE_RETURNS_KEY] });
  /** One order's return; the §8 toasts say what was made or why not. */
  const makeOne = async (row: ManageReturnsRow, kind: Kind) => {
    setBusy(true);
    try {
      if (kind === 'MULTILEG') await sendCommand('CREATE_MULTILEG_RETURN', { orderId: row.id });
      else await sendCommand('COPY_DEVIATED_ORDER', { orderId: row.id, to: kind });
      notify(translate('returns.made', { shipment: row.shipmentId ?? row.id }), { type: 'info' });
    } catch (err) {
      const key = kind === 'SENDER' ? 'returns.senderFailed' : 'returns.copyFailed';
      notify(
        `${translate(kind === 'MULTILEG' ? 'returns.failed' : key)}: ${failureText(err, translate)}`,
        {
          type: 'error',
        },
      );
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  /** The ticked orders' returns through the terminal, each made or refused on its own. */
  const makeTicked = async () => {
    const orderIds = [...ticked];
    setBusy(true);
    try {
      const answer: CommandAnswer = await sendCommand('CREATE_MULTILEG_RETURNS', { orderIds });
      if (answer.ids.length > 0)
        notify(translate('returns.madeMany', { smart_count: answer.ids.length }), { type: 'info' });
      if (answer.failed.length > 0)
        notify(
          translate('returns.someFailed', {
            smart_count: answer.failed.length,
            reasons: answer.failed.map((f) => f.description).join('; '),
          }),
          { type: 'warning', multiLine: true },
        );
      setTicked(new Set());
    } catch (err) {
      notify(`${translate('returns.failed')}: ${failureText(err, translate)}`, { type: 'error' });
    } finally {
      setBusy(false);
      await refresh();
    }
  };
  const exportCsv = async () => {
    try {
      await downloadFile(
        `/api${EXPORT_MULTILEG_RETURNS_PATH}`,
        {
          departmentId,
          fromDate: view.fromDate,
          toDate: view.toDate,
          ...(view.customerIds.length ? { customerIds: view.customerIds } : {}),
        },
        `multileg-returns-${departmentId}-${view.fromDate}-${view.toDate}.csv`,
      );
    } catch (err) {
      notify(`${translate('returns.exportFailed')}: ${failureText(err, translate)}`, {
        type: 'error',
      });
    }
  };
  const toMake = view.view === 'TO_MAKE';
  const all = list.length > 0 && list.every((r) => ticked.has(String(r.id)));
  const tick = (id: string) =>
    setTicked((t) => {
      const next = new Set(t);
      if (!next.delete(id)) next.add(id);
      return next;
    });

  return (
    <Box sx={{ p: 2 }}>
      <PageHeader title={`${translate('returns.title')}${option ? ` · ${option.name}` : ''}`}>
        <DateRangeFilter
          fromDate={view.fromDate}
          toDate={view.toDate}
          today={today}
          onChange={(range) => go(range)}
        />
        <TextField
          select
          size="small"
          label={translate('returns.customer')}
          value={view.customerIds}
          onChange={(e) => go({ customerIds: e.target.value as unknown as string[] })}
          slotProps={{ select: { multiple: true } }}
          helperText=" "
          sx={{ minWidth: 180 }}
          data-testid="returns-customer"
        >
          {customers.map(([id, name]) => (
            <MenuItem key={id} value={id}>
              {name}
            </MenuItem>
          ))}
        </TextField>
        {toMake ? (
          <TextField
            select
            size="small"
            label={translate('returns.reason')}
            value={view.reasons}
            onChange={(e) => go({ reasons: e.target.value as unknown as string[] })}
            slotProps={{ select: { multiple: true } }}
            helperText=" "
            sx={{ minWidth: 180 }}
            data-testid="returns-reason"
          >
            {deviationReasons.map((r) => (
              <MenuItem key={r} value={r}>
                {translate(enumKey('deviationReason', r))}
              </MenuItem>
            ))}
          </TextField>
        ) : (
          <Button
            variant="outlined"
            startIcon={<DownloadIcon />}
            onClick={() => void exportCsv()}
            data-testid="returns-export"
          >
            {translate('returns.export')}
          </Button>
        )}
      </PageHeader>
      <Tabs
        value={view.view}
        onChange={(_e, v: ReturnsView['view']) => go({ view: v })}
        sx={{ mb: 1 }}
      >
        <Tab
          value="TO_MAKE"
          label={translate('returns.toMake')}
          data-testid="returns-tab-to-make"
        />
        <Tab value="MADE" label={translate('returns.madeTab')} data-testid="returns-tab-made" />
      </Tabs>
      {rows.isError ? <Alert severity="error">{failureText(rows.error, translate)}</Alert> : null}
      {toMake && canReturn ? (
        <Stack direction="row" spacing={1} sx={{ mb: 1 }}>
          <Button
            variant="contained"
            disabled={ticked.size === 0 || busy}
            onClick={() => void makeTicked()}
            data-testid="returns-create"
          >
            {translate('returns.createTicked', { smart_count: ticked.size })}
          </Button>
        </Stack>
      ) : null}
      {list.length === 0 ? (
        <Typography data-testid="returns-none" sx={{ mt: 2 }}>
          {rows.isPending
            ? translate('app.loading')
            : translate(toMake ? 'returns.noneToMake' : 'returns.noneMade')}
        </Typography>
      ) : (
        <TableContainer component={Paper}>
          <Table size="small" aria-label={translate(toMake ? 'returns.toMake' : 'returns.madeTab')}>
            <TableHead>
              <TableRow>
                {toMake && canReturn ? (
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={all}
                      indeterminate={!all && ticked.size > 0}
                      onChange={() =>
                        setTicked(all ? new Set() : new Set(list.map((r) => String(r.id))))
                      }
                      slotProps={{ input: { 'aria-label': translate('returns.tickAll') } }}
                    />
                  </TableCell>
                ) : null}
                <TableCell>{translate('returns.shipment')}</TableCell>
                <TableCell>{translate('returns.customer')}</TableCell>
                <TableCell>{translate('app.date')}</TableCell>
                <TableCell>{translate('returns.recipient')}</TableCell>
                <TableCell>{translate(toMake ? 'returns.reason' : 'returns.legs')}</TableCell>
                {toMake && canReturn ? <TableCell>{translate('returns.make')}</TableCell> : null}
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((row) => {
                const id = String(row.id);
                const eligible = returnEligibility({
                  state: row.state,
                  collected: row.collected ?? false,
                  erased: row.personalDataErasedAt !== undefined,
                  returns: row.returns ?? [],
                });
                return (
                  <TableRow key={id} data-testid="returns-row" data-order={id}>
                    {toMake && canReturn ? (
                      <TableCell padding="checkbox">
                        <Checkbox
                          checked={ticked.has(id)}
                          disabled={!eligible.MULTILEG}
                          onChange={() => tick(id)}
                          slotProps={{
                            input: {
                              'aria-label': translate('returns.tick', {
                                shipment: row.shipmentId ?? id,
                              }),
                            },
                          }}
                        />
                      </TableCell>
                    ) : null}
                    <TableCell>
                      <RouterLink to={`/planner/${departmentId}/booking/edit/${id}`}>
                        {row.shipmentId ?? id}
                      </RouterLink>
                    </TableCell>
                    <TableCell>{row.customerName ?? row.customerId}</TableCell>
                    <TableCell>{formatDate(row.order.pickupDate, locale)}</TableCell>
                    <TableCell>{row.order.delivery.name}</TableCell>
                    <TableCell>
                      {toMake ? (
                        row.deviation ? (
                          `${translate(enumKey('deviationReason', row.deviation.reason))}${row.deviation.text ? ` · ${row.deviation.text}` : ''}`
                        ) : (
                          '–'
                        )
                      ) : (
                        <Legs row={row} departmentId={departmentId} />
                      )}
                    </TableCell>
                    {toMake && canReturn ? (
                      <TableCell>
                        <TextField
                          select
                          size="small"
                          value=""
                          label={translate('returns.make')}
                          disabled={busy}
                          onChange={(e) => void makeOne(row, e.target.value as Kind)}
                          sx={{ minWidth: 170 }}
                          data-testid="returns-make-one"
                        >
                          <MenuItem value="SAME_ADDRESS" disabled={!eligible.COPY}>
                            {translate('returns.kinds.SAME_ADDRESS')}
                          </MenuItem>
                          <MenuItem value="SENDER" disabled={!eligible.COPY}>
                            {translate('returns.kinds.SENDER')}
                          </MenuItem>
                          <MenuItem value="MULTILEG" disabled={!eligible.MULTILEG}>
                            {translate('returns.kinds.MULTILEG')}
                          </MenuItem>
                        </TextField>
                      </TableCell>
                    ) : null}
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
}

/** A made return's orders: each leg's shipment (to its edit form), state and date. */
function Legs({ row, departmentId }: { row: ManageReturnsRow; departmentId: string }) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const made = row.returns?.[0];
  if (!made) return null;
  return (
    <Stack spacing={0.5}>
      <Typography variant="body2">
        {translate(
          `returns.kinds.${made.kind === 'COPY' ? (made.to ?? 'SAME_ADDRESS') : 'MULTILEG'}`,
        )}
        {made.lastLegSkipped ? ` · ${translate('returns.lastLegSkipped')}` : ''}
      </Typography>
      {row.legs.map((leg) => (
        <Typography key={leg.orderId} variant="body2" data-testid="returns-leg">
          {`${leg.leg}. `}
          <RouterLink to={`/planner/${departmentId}/booking/edit/${leg.orderId}`}>
            {leg.shipmentId ?? leg.orderId}
          </RouterLink>
          {` · ${translate(`grid.states.${leg.state}`, { _: leg.state })} · ${formatDate(leg.pickupDate, locale)} · ${leg.pickup.name} → ${leg.delivery.name}`}
        </Typography>
      ))}
    </Stack>
  );
}
