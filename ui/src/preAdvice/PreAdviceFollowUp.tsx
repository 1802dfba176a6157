import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { addDays, followUpOutcomes, type PreAdviceRow } from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { useParams, useSearchParams } from 'react-router-dom';
import { useShell } from '../app/UserContext';
import { useMayRun } from '../access/useMayRun';
import { failureText } from '../errors/parse';
import { normalizeLocale, timeZoneFor, todayIn } from '../i18n/locales';
import { PageHeader } from '../layout/PageHeader';
import { usePageTitle } from '../layout/pageTitle';
import { departmentMembers, useDepartmentOptions } from '../layout/useDepartments';
import { useLiveDates } from '../live/LiveProvider';
import { mayQuery } from '../planner/optimizing/queries';
import { sendCommand } from '../shell/api';
import { FollowUpGroup, type OrderInfo } from './FollowUpGroup';
import { PRE_ADVICE_FOLLOW_UP_KEY, datesBetween, followUpKey, freshQuery } from './queries';

const isDate = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s);

/**
 * `/planner/{dep}/preadvice-followup` (spec §2, docs/decisions/0062): the department's orders
 * whose pre-advice failed or waits, delivered in the dates chosen, grouped by their last outcome;
 * a planner asks for a manual attempt, locks or unlocks one order or the ones ticked. Changes of
 * the dates shown are pushed over the socket.
 */
export default function PreAdviceFollowUp() {
  const translate = useTranslate();
  const notify = useNotify();
  const mayRun = useMayRun();
  const { user } = useShell();
  const locale = normalizeLocale(useLocale());
  const queryClient = useQueryClient();
  usePageTitle('preAdvice.followUp.title');
  const { departmentId = '' } = useParams();
  const options = useDepartmentOptions().data;
  const option = options?.find((d) => d.id === departmentId);
  const members = departmentMembers(departmentId, options);
  const today = todayIn(timeZoneFor(option?.country ?? null));
  const [search, setSearch] = useSearchParams();
  const from = isDate(search.get('from') ?? '') ? search.get('from')! : today;
  const to = isDate(search.get('to') ?? '') ? search.get('to')! : addDays(today, 13);
  const setDate = (key: 'from' | 'to', value: string) => {
    const next = new URLSearchParams(search);
    if (isDate(value)) next.set(key, value);
    setSearch(next, { replace: true });
  };
  useLiveDates(useMemo(() => datesBetween(from, to), [from, to]));
  const list = useQuery({
    queryKey: followUpKey(members, from, to),
    enabled: members.length > 0,
    queryFn: async () =>
      (
        await Promise.all(
          members.map((id) =>
            freshQuery<PreAdviceRow[]>('preAdviceFollowUp', {
              departmentId: id,
              fromDate: from,
              toDate: to,
            }),
          ),
        )
      ).flat(),
  });
  const rows = useMemo(() => list.data ?? [], [list.data]);
  const maySeeOrders = mayQuery(user, 'orders');
  const ids = useMemo(() => rows.map((r) => r.id).sort(), [rows]);
  const orders = useQuery({
    queryKey: ['orders', 'preAdviceFollowUp', ids],
    enabled: maySeeOrders && ids.length > 0,
    staleTime: 30_000,
    queryFn: () =>
      freshQuery<
        { id: string; shipmentId: string | null; order: { delivery: { name: string } } }[]
      >('orders', { ids: ids.slice(0, 1000) }),
  });
  const info = useMemo(
    () =>
      new Map<string, OrderInfo>(
        (orders.data ?? []).map((o) => [
          String(o.id),
          { shipmentId: o.shipmentId, recipient: o.order.delivery.name },
        ]),
      ),
    [orders.data],
  );
  const [busy, setBusy] = useState(false);
  const act = async (command: string, orderIds: string[], done: string) => {
    setBusy(true);
    try {
      const answer = await sendCommand(command, { orderIds });
      if (answer.failed.length > 0)
        notify(
          translate('preAdvice.followUp.refused', {
            smart_count: answer.failed.length,
            reason: answer.failed[0]!.description,
          }),
          { type: 'warning' },
        );
      else notify(translate(done, { smart_count: orderIds.length }), { type: 'info' });
    } catch (err) {
      notify(`${translate('preAdvice.followUp.failed')}: ${failureText(err, translate)}`, {
        type: 'error',
      });
    } finally {
      setBusy(false);
      await queryClient.invalidateQueries({ queryKey: [PRE_ADVICE_FOLLOW_UP_KEY] });
    }
  };
  const groups = followUpOutcomes
    .map((outcome) => ({ outcome, rows: rows.filter((r) => r.lastOutcome === outcome) }))
    .filter((g) => g.rows.length > 0);

  return (
    <Box sx={{ p: 2 }}>
      <PageHeader
        title={`${translate('preAdvice.followUp.title')}${option ? ` · ${option.name}` : ''}`}
      >
        <Stack direction="row" spacing={1}>
          {(['from', 'to'] as const).map((end) => (
            <TextField
              key={end}
              type="date"
              size="small"
              label={translate(`preAdvice.followUp.${end}`)}
              value={end === 'from' ? from : to}
              onChange={(e) => setDate(end, e.target.value)}
              slotProps={{
                inputLabel: { shrink: true },
                htmlInput: { 'data-testid': `followup-${end}` },
              }}
            />
          ))}
        </Stack>
      </PageHeader>
      {list.isError ? <Alert severity="error">{failureText(list.error, translate)}</Alert> : null}
      {groups.length === 0 ? (
        <Typography data-testid="followup-none" sx={{ my: 2 }}>
          {list.isPending && members.length > 0
            ? translate('app.loading')
            : translate('preAdvice.followUp.none')}
        </Typography>
      ) : (
        groups.map((g) => (
          <FollowUpGroup
            key={g.outcome}
            outcome={g.outcome}
            rows={g.rows}
            info={info}
            departmentId={departmentId}
            locale={locale}
            busy={busy}
            mayAttempt={mayRun('PRE_ADVICE_MANUAL_ATTEMPT')}
            mayLock={mayRun('LOCK_PRE_ADVICE')}
            mayEdit={mayRun('UPDATE_ORDER')}
            onAct={(command, orderIds, done) => void act(command, orderIds, done)}
          />
        ))
      )}
    </Box>
  );
}
