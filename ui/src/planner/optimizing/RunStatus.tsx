import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { OptimizingRun, PlanFigures } from '@nordlog/contracts';
import { useTranslate } from 'react-admin';
import { optimizerMessages } from '../../errors/parse';
import { Delta, RunStateChip, useNumberLocale } from './Figures';
import {
  formatNumber,
  formatSeconds,
  isRunActive,
  planTrend,
  progressPercent,
  reasonText,
  runDurationMs,
  type ConsignmentName,
} from './optimizingData';

export interface RunStatusProps {
  run: OptimizingRun;
  /** Who the run is for: the department (on a group's board) and its slots by name. */
  departmentName: string | null;
  slotName: (id: string) => string;
  /** Names of the consignments the run could not place. */
  nameOf: (ids: string[]) => ConsignmentName[];
  userName: (id: string) => string;
  mayCancel: boolean;
  onCancel: (run: OptimizingRun) => void;
  onHide: (run: OptimizingRun) => void;
}

/**
 * One run on the board (spec §4 "optimizing run that can be cancelled"; UI.md long work shows
 * progress): while requested or running, a bar of the time used of its budget with the figures of
 * the best plan so far and Cancel; then how it ended: the plan before and after, what it could not
 * place, or the optimiser's errors (spec §8, under the optimiser-error label).
 */
export function RunStatus(props: RunStatusProps) {
  const translate = useTranslate();
  const locale = useNumberLocale();
  const { run } = props;
  const active = isRunActive(run.state);
  const kind = translate(`optimizing.kind.${run.kind}`);
  const target =
    run.kind === 'day' ? (props.departmentName ?? '') : run.slotIds.map(props.slotName).join(', ');
  return (
    <Box
      data-testid="optimizing-run"
      data-run-id={run.id}
      data-state={run.state}
      role="group"
      aria-label={translate('optimizing.run.label', { kind, target })}
      sx={{ py: 1 }}
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
        <Typography variant="subtitle2" component="h3">
          {target ? `${kind} · ${target}` : kind}
        </Typography>
        <RunStateChip state={run.state} />
        <Box sx={{ flexGrow: 1 }} />
        {active && props.mayCancel ? (
          <Button size="small" color="error" variant="outlined" onClick={() => props.onCancel(run)}>
            {translate('optimizing.run.cancel')}
          </Button>
        ) : null}
        {!active ? (
          <Button size="small" color="secondary" onClick={() => props.onHide(run)}>
            {translate('optimizing.run.hide')}
          </Button>
        ) : null}
      </Stack>
      {active ? <Progress run={run} /> : null}
      {run.state === 'COMPLETED' && run.result ? (
        <Box data-testid="run-result" sx={{ mt: 0.5 }}>
          <Typography variant="body2">
            {translate('optimizing.run.completed', {
              seconds: formatSeconds(runDurationMs(run) ?? 0, locale),
            })}
            {run.result.suggestedSlotIds.length === 0
              ? ` · ${translate('optimizing.run.noSuggestions')}`
              : ` · ${translate('optimizing.run.suggestedSlots', { smart_count: run.result.suggestedSlotIds.length })}`}
          </Typography>
          <BeforeAfter before={run.result.before} after={run.result} />
          <Unplaced
            items={run.result.unplaced}
            nameOf={props.nameOf}
            testId="run-unplaced"
            title={translate('optimizing.run.unplaced', {
              smart_count: run.result.unplaced.length,
            })}
          />
        </Box>
      ) : null}
      {run.state === 'FAILED' ? (
        <Alert severity="error" sx={{ mt: 0.5 }} data-testid="run-errors">
          <Typography variant="body2" sx={{ fontWeight: 600 }}>
            {translate('optimizing.run.failed')}
          </Typography>
          {optimizerMessages(
            run.errors.length > 0 ? run.errors : [translate('errors.unknown')],
            translate,
          ).map((m, i) => (
            <Typography key={i} variant="body2" data-testid="run-error">
              {m}
            </Typography>
          ))}
        </Alert>
      ) : null}
      {run.state === 'CANCELLED' ? (
        <Typography variant="body2" color="text.secondary" data-testid="run-cancelled">
          {translate('optimizing.run.cancelledBy', {
            name: run.cancelledBy ? props.userName(run.cancelledBy) : '–',
          })}
        </Typography>
      ) : null}
      {run.problem && run.problem.excludedSlots.length > 0 ? (
        <Typography variant="body2" color="text.secondary" data-testid="run-excluded">
          {translate('optimizing.run.excludedSlots', {
            list: run.problem.excludedSlots
              .map((e) => `${props.slotName(e.id)} (${reasonText(e.reason, translate)})`)
              .join(', '),
          })}
        </Typography>
      ) : null}
      {/* The figures of the problem, once known, in one quiet line. */}
      {run.problem ? (
        <Typography variant="caption" color="text.secondary" component="p">
          {translate('optimizing.run.problem', {
            vehicles: formatNumber(run.problem.vehicles, locale, 0),
            consignments: formatNumber(run.problem.consignments, locale, 0),
            locked: formatNumber(run.problem.lockedStops, locale, 0),
          })}
        </Typography>
      ) : null}
    </Box>
  );
}

/** The bar of a requested or running run: time used of its seconds, and the best plan so far. */
function Progress({ run }: { run: OptimizingRun }) {
  const translate = useTranslate();
  const locale = useNumberLocale();
  const percent = progressPercent(run);
  const p = run.progress;
  return (
    <Box sx={{ mt: 0.5 }}>
      <LinearProgress
        variant="determinate"
        value={percent}
        aria-label={translate('optimizing.run.progress')}
        data-testid="run-progress"
        sx={{ height: 8, borderRadius: 1 }}
      />
      <Typography
        variant="body2"
        color="text.secondary"
        data-testid="run-figures"
        sx={{ mt: 0.5, fontVariantNumeric: 'tabular-nums' }}
      >
        {run.state === 'REQUESTED' || !p
          ? translate('optimizing.run.requested')
          : translate('optimizing.run.figures', {
              elapsed: formatSeconds(p.elapsedMs, locale),
              seconds: formatNumber(run.seconds, locale, 0),
              vehicles: formatNumber(p.vehicles, locale, 0),
              km: formatNumber(p.distanceKm, locale, 1),
              unassigned: formatNumber(p.unassigned, locale, 0),
            })}
      </Typography>
    </Box>
  );
}

const planFigures = ['vehicles', 'distanceKm', 'drivingMinutes', 'unassigned'] as const;

/** A plan before and after a run, figure by figure, each with its change. */
export function BeforeAfter({ before, after }: { before: PlanFigures; after: PlanFigures }) {
  const translate = useTranslate();
  const locale = useNumberLocale();
  return (
    <Box
      component="dl"
      data-testid="run-before-after"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        m: 0,
        mt: 0.5,
        '& dt': { fontSize: 12, color: 'text.secondary' },
        '& dd': { m: 0 },
      }}
    >
      {planFigures.map((f) => {
        const digits = f === 'distanceKm' ? 1 : 0;
        return (
          <div key={f}>
            <dt>{translate(`optimizing.figures.${f}`)}</dt>
            <dd>
              <span style={{ fontVariantNumeric: 'tabular-nums' }}>
                {formatNumber(before[f], locale, digits)} →{' '}
                {formatNumber(after[f], locale, digits)}{' '}
              </span>
              <Delta
                difference={after[f] - before[f]}
                trend={planTrend(before[f], after[f])}
                digits={digits}
              />
            </dd>
          </div>
        );
      })}
    </Box>
  );
}

/** Consignments left out, each with the optimiser's reason (translated where known). */
export function Unplaced(props: {
  items: readonly { id: string; reason: string }[];
  nameOf: (ids: string[]) => ConsignmentName[];
  title: string;
  testId: string;
}) {
  const translate = useTranslate();
  if (props.items.length === 0) return null;
  const names = new Map(props.nameOf(props.items.map((i) => i.id)).map((n) => [n.id, n.label]));
  return (
    <Box data-testid={props.testId} sx={{ mt: 0.5 }}>
      <Typography variant="body2" sx={{ fontWeight: 600 }}>
        {props.title}
      </Typography>
      {/* Focusable: a list that scrolls must be reachable by keyboard (axe). */}
      <Box
        component="ul"
        tabIndex={0}
        aria-label={props.title}
        sx={{ m: 0, pl: 2.5, maxHeight: 140, overflowY: 'auto' }}
      >
        {props.items.map((i) => (
          <li key={i.id} data-consignment-id={i.id}>
            <Typography variant="body2" component="span">
              {`${names.get(i.id) ?? i.id}: ${reasonText(i.reason, translate)}`}
            </Typography>
          </li>
        ))}
      </Box>
    </Box>
  );
}
