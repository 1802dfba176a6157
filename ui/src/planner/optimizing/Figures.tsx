import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import type { RunState } from '@nordlog/contracts';
import { useLocale, useTranslate } from 'react-admin';
import { normalizeLocale, type Locale } from '../../i18n/locales';
import { formatNumber, formatSigned, type Trend } from './optimizingData';

/** The user's language for numbers. */
export function useNumberLocale(): Locale {
  return normalizeLocale(useLocale());
}

const trendColor: Record<Trend, string> = {
  better: 'success.main',
  worse: 'error.main',
  same: 'text.secondary',
};

/**
 * A change of a figure: its sign and amount, green with a down arrow when better, red with an up
 * arrow when worse (UI.md: a colour always with an icon or a label; the icon is named).
 */
export function Delta(props: { difference: number; trend: Trend; digits?: number }) {
  const translate = useTranslate();
  const locale = useNumberLocale();
  const text = formatSigned(props.difference, locale, props.digits ?? 1);
  const label = translate(`optimizing.figures.${props.trend}`);
  return (
    <Box
      component="span"
      data-testid="delta"
      data-trend={props.trend}
      title={label}
      sx={{
        color: trendColor[props.trend],
        display: 'inline-flex',
        alignItems: 'center',
        gap: 0.25,
        fontWeight: props.trend === 'same' ? 400 : 600,
        whiteSpace: 'nowrap',
        fontVariantNumeric: 'tabular-nums',
      }}
    >
      {props.trend === 'better' ? (
        <ArrowDownwardIcon sx={{ fontSize: 14 }} aria-label={label} role="img" />
      ) : props.trend === 'worse' ? (
        <ArrowUpwardIcon sx={{ fontSize: 14 }} aria-label={label} role="img" />
      ) : null}
      {text}
    </Box>
  );
}

/** "12.3 → 10.1" and the change below it. */
export function Comparison(props: {
  current: number;
  suggested: number;
  difference: number;
  trend: Trend;
  digits?: number;
}) {
  const locale = useNumberLocale();
  const digits = props.digits ?? 1;
  return (
    <Box component="span" sx={{ display: 'inline-flex', flexDirection: 'column' }}>
      <Box
        component="span"
        sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
        data-testid="comparison"
      >
        {formatNumber(props.current, locale, digits)} →{' '}
        {formatNumber(props.suggested, locale, digits)}
      </Box>
      <Delta difference={props.difference} trend={props.trend} digits={digits} />
    </Box>
  );
}

const stateColors: Record<RunState, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  REQUESTED: 'default',
  RUNNING: 'info',
  COMPLETED: 'success',
  FAILED: 'error',
  CANCELLED: 'warning',
};

/** A run's state as a chip (spec §4 display: success, danger, warning, neutral). */
export function RunStateChip({ state }: { state: RunState }) {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      color={stateColors[state]}
      label={translate(`optimizing.state.${state}`)}
      data-testid="run-state"
      data-state={state}
    />
  );
}
