import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { PreAdviceOutcome, PreAdviceRow } from '@nordlog/contracts';
import { useState } from 'react';
import { useTranslate } from 'react-admin';
import { Link as RouterLink } from 'react-router-dom';
import { formatDate, formatDateTime, type Locale } from '../i18n/locales';

/** What the follow-up shows of an order when the planner may read orders. */
export interface OrderInfo {
  shipmentId: string | null;
  recipient: string;
}

/**
 * One outcome's orders on the follow-up (docs/decisions/0062): each with its delivery date, state,
 * last attempt and lock; a manual attempt, lock or unlock per order or for the ones ticked.
 */
export function FollowUpGroup(props: {
  outcome: PreAdviceOutcome;
  rows: PreAdviceRow[];
  info: ReadonlyMap<string, OrderInfo>;
  departmentId: string;
  locale: Locale;
  busy: boolean;
  mayAttempt: boolean;
  mayLock: boolean;
  mayEdit: boolean;
  onAct: (command: string, orderIds: string[], done: string) => void;
}) {
  const translate = useTranslate();
  const [ticked, setTicked] = useState<Set<string>>(new Set());
  const shown = new Set(props.rows.map((r) => r.id));
  const chosen = [...ticked].filter((id) => shown.has(id));
  const all = chosen.length === props.rows.length;
  const tick = (id: string, on: boolean) =>
    setTicked((old) => {
      const next = new Set(old);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const act = (command: string, ids: string[], done: string) => {
    props.onAct(command, ids, done);
    setTicked(new Set());
  };
  const headingId = `followup-${props.outcome}`;
  const orderLabel = (r: PreAdviceRow) => props.info.get(r.id)?.shipmentId ?? `#${r.id}`;
  const actions = (ids: string[], locked: boolean | null) => (
    <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap' }}>
      {props.mayAttempt ? (
        <Button
          size="small"
          disabled={props.busy || ids.length === 0}
          data-testid="followup-attempt"
          onClick={() => act('PRE_ADVICE_MANUAL_ATTEMPT', ids, 'preAdvice.followUp.attempted')}
        >
          {translate('preAdvice.followUp.attempt')}
        </Button>
      ) : null}
      {props.mayLock && locked !== true ? (
        <Button
          size="small"
          disabled={props.busy || ids.length === 0}
          data-testid="followup-lock"
          onClick={() => act('LOCK_PRE_ADVICE', ids, 'preAdvice.followUp.lockedToast')}
        >
          {translate('preAdvice.followUp.lock')}
        </Button>
      ) : null}
      {props.mayLock && locked !== false ? (
        <Button
          size="small"
          disabled={props.busy || ids.length === 0}
          data-testid="followup-unlock"
          onClick={() => act('UNLOCK_PRE_ADVICE', ids, 'preAdvice.followUp.unlockedToast')}
        >
          {translate('preAdvice.followUp.unlock')}
        </Button>
      ) : null}
    </Stack>
  );

  return (
    <section aria-labelledby={headingId} data-testid="followup-group" data-outcome={props.outcome}>
      <Stack direction="row" spacing={2} alignItems="center" sx={{ mt: 2, mb: 1 }}>
        <Typography variant="h6" component="h2" id={headingId} sx={{ flexGrow: 1 }}>
          {`${translate(`preAdvice.outcomes.${props.outcome}`)} (${props.rows.length})`}
        </Typography>
        {chosen.length > 0 ? actions(chosen, null) : null}
      </Stack>
      <TableContainer component={Paper}>
        <Table size="small" aria-labelledby={headingId}>
          <TableHead>
            <TableRow>
              <TableCell padding="checkbox">
                <Checkbox
                  checked={all && props.rows.length > 0}
                  indeterminate={chosen.length > 0 && !all}
                  onChange={(e) => setTicked(new Set(e.target.checked ? shown : []))}
                  slotProps={{
                    input: { 'aria-label': translate('preAdvice.followUp.tickAll') },
                  }}
                />
              </TableCell>
              <TableCell>{translate('preAdvice.followUp.order')}</TableCell>
              <TableCell>{translate('preAdvice.followUp.recipient')}</TableCell>
              <TableCell>{translate('preAdvice.followUp.deliveryDate')}</TableCell>
              <TableCell>{translate('preAdvice.followUp.state')}</TableCell>
              <TableCell>{translate('preAdvice.followUp.lastAttempt')}</TableCell>
              <TableCell>{translate('preAdvice.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {props.rows.map((r) => {
              const last = r.attempts[r.attempts.length - 1];
              const label = orderLabel(r);
              return (
                <TableRow
                  key={r.id}
                  data-testid="followup-row"
                  data-id={r.id}
                  data-locked={r.locked ? 'true' : 'false'}
                >
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={ticked.has(r.id)}
                      onChange={(e) => tick(r.id, e.target.checked)}
                      slotProps={{
                        input: {
                          'aria-label': translate('preAdvice.followUp.tick', { order: label }),
                        },
                      }}
                    />
                  </TableCell>
                  <TableCell>
                    {props.mayEdit ? (
                      <RouterLink to={`/planner/${props.departmentId}/booking/edit/${r.id}`}>
                        {label}
                      </RouterLink>
                    ) : (
                      label
                    )}
                  </TableCell>
                  <TableCell>{props.info.get(r.id)?.recipient ?? '–'}</TableCell>
                  <TableCell>{formatDate(r.deliveryDate, props.locale)}</TableCell>
                  <TableCell>
                    <Stack direction="row" spacing={1} alignItems="center">
                      <span>{translate(`states.${r.state}`, { _: r.state })}</span>
                      {r.locked ? (
                        <Chip
                          size="small"
                          variant="outlined"
                          label={translate('preAdvice.followUp.locked')}
                        />
                      ) : null}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    {last
                      ? `${translate(`preAdvice.cause.${last.cause}`)} · ${formatDateTime(last.at, props.locale)}`
                      : '–'}
                  </TableCell>
                  <TableCell>{actions([r.id], r.locked)}</TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </section>
  );
}
