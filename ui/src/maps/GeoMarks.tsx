import WrongLocationOutlinedIcon from '@mui/icons-material/WrongLocationOutlined';
import Chip from '@mui/material/Chip';
import Tooltip from '@mui/material/Tooltip';
import { geoPrecisions, isApproximate, REST_BREAK, type RoutePoint } from '@nordlog/contracts';
import { useTranslate } from 'react-admin';

/**
 * The mark of a point no better than its postal-code area (issue 36): a chip that says
 * "Approximate" in words (not a colour alone) with the reason as its tooltip and accessible
 * description. Nothing for a point at the street or the door, or for an address not placed.
 */
export function ApproximateMark({
  precision,
  placed = true,
  testId,
}: {
  /** The form's text ('' when not known) or a row's precision. */
  precision: string | null | undefined;
  placed?: boolean;
  testId?: string;
}) {
  const translate = useTranslate();
  const known = geoPrecisions.find((p) => p === precision) ?? null;
  if (!placed || !isApproximate(known)) return null;
  const hint = translate('geo.approximateHint');
  return (
    <Tooltip title={hint} describeChild>
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        icon={<WrongLocationOutlinedIcon />}
        label={translate('geo.approximate')}
        aria-description={hint}
        data-testid={testId ?? 'approximate-mark'}
        tabIndex={0}
      />
    </Tooltip>
  );
}

/**
 * The mark of a saved address the geocoder could not place (docs/decisions/0061): words and an
 * icon, not a colour alone, with what to do as its tooltip.
 */
export function NotOnMapMark() {
  const translate = useTranslate();
  const hint = translate('addressBook.notOnMapHint');
  return (
    <Tooltip title={hint} describeChild>
      <Chip
        size="small"
        color="warning"
        variant="outlined"
        icon={<WrongLocationOutlinedIcon />}
        label={translate('addressBook.notOnMap')}
        data-testid="address-not-on-map"
        tabIndex={0}
      />
    </Tooltip>
  );
}

/**
 * A stop's geography marks (issue 36): its point is approximate (no better than the postal-code
 * area), or it lies more than 30 km from every other stop of the route (`outlierStops`). Glyphs
 * with their names as accessible labels and tooltips; styled by the page (`pl-geo`, `pl-approx`,
 * `pl-outlier`).
 */
export function GeoBadges({ point }: { point: RoutePoint }) {
  const translate = useTranslate();
  if (point.type === REST_BREAK || point.lat === null) return null;
  const approximate = isApproximate(point.precision);
  if (!approximate && !point.outlier) return null;
  const mark = (kind: 'approximate' | 'outlier', glyph: string) => {
    const name = translate(`geo.${kind}`);
    return (
      <span
        className={`pl-geo ${kind === 'approximate' ? 'pl-approx' : 'pl-outlier'}`}
        role="img"
        aria-label={name}
        title={`${name}: ${translate(`geo.${kind}Hint`)}`}
        data-testid={`stop-${kind}`}
      >
        {glyph}
      </span>
    );
  };
  return (
    <>
      {approximate ? mark('approximate', '≈') : null}
      {point.outlier ? mark('outlier', '↯') : null}
    </>
  );
}
