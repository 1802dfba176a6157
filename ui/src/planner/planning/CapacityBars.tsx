import type { Load } from '@nordlog/contracts';
import { memo } from 'react';
import { useLocale, useTranslate } from 'react-admin';
import { normalizeLocale } from '../../i18n/locales';
import { formatNumber } from '../../i18n/numbers';
import { capacityBars, inVolumeUnit, volumeUnit, type CapacityBar } from './planningData';

const format = (n: number, locale: string) =>
  formatNumber(n, locale, { digits: 1, grouping: false });

/** A bar's numbers as text: `3 / 20`, `12.5 / 500 kg`, `0.2 / 8 m³` (the capacity's unit). */
export function barText(
  bar: CapacityBar,
  translate: (k: string) => string,
  locale: string,
): string {
  const unit =
    bar.kind === 'count'
      ? ''
      : bar.kind === 'weight'
        ? ` ${translate('planning.units.kg')}`
        : ` ${translate(`planning.units.${volumeUnit(bar.capacity ?? bar.used)}`)}`;
  const value = (n: number) =>
    bar.kind === 'volume'
      ? format(inVolumeUnit(n, volumeUnit(bar.capacity ?? bar.used)), locale)
      : format(n, locale);
  return bar.capacity === null
    ? `${value(bar.used)}${unit}`
    : `${value(bar.used)} / ${value(bar.capacity)}${unit}`;
}

/**
 * A slot's load against each capacity of its unit (packages, kilograms, volume): three small
 * bars, red with a warning icon and the word "over capacity" in their text when a load is over
 * (UI.md: colour never alone). Plain elements styled by the board (boardStyles).
 */
export const CapacityBars = memo(function CapacityBars(props: {
  load: Load | undefined;
  capacity: Load | null | undefined;
}) {
  const translate = useTranslate();
  const locale = normalizeLocale(useLocale());
  const bars = capacityBars(props.load, props.capacity);
  const over = translate('planning.capacity.over');
  return (
    <div className="pl-bars" data-testid="capacity-bars">
      {bars.map((bar) => {
        const label = translate(`planning.capacity.${bar.kind}`);
        const text = barText(bar, translate, locale);
        const full = `${text}${bar.over ? ` (${over})` : ''}`;
        // A meter's value lies within its range; the text says the real numbers.
        const max = bar.capacity && bar.capacity > 0 ? bar.capacity : Math.max(bar.used, 1);
        return (
          <div
            key={bar.kind}
            className="pl-bar"
            data-kind={bar.kind}
            data-over={bar.over ? 'true' : 'false'}
            title={`${label}: ${full}`}
          >
            <div className="pl-bar-label">
              {bar.over ? <span className="pl-warn" role="img" aria-label={over} /> : null}
              <span>{label}</span>
            </div>
            <div className="pl-bar-value">{text}</div>
            <div
              className="pl-meter"
              role="meter"
              aria-label={label}
              aria-valuemin={0}
              aria-valuemax={max}
              aria-valuenow={Math.min(bar.used, max)}
              aria-valuetext={full}
            >
              <div className="pl-fill" style={{ width: `${bar.over ? 100 : bar.percent}%` }} />
            </div>
          </div>
        );
      })}
    </div>
  );
});
