import type { RoutePoint } from '@nordlog/contracts';
import { useMemo } from 'react';
import { useTranslate } from 'react-admin';
import { comparisonLines } from '../../maps/routeLineData';
import { RouteMap } from '../../maps/RouteMap';
import { DEFAULT_CENTRES } from '../map/constants';

/**
 * The suggested route's comparison on a map (a chunk of its own): the slot's current route solid
 * and the suggestion dashed, both in the slot's colour (docs/decisions/0037-planmap.md).
 */
export default function SuggestionMap(props: {
  slotId: string;
  colour: string;
  current: readonly RoutePoint[];
  suggested: readonly RoutePoint[];
}) {
  const translate = useTranslate();
  const { slotId, colour, current, suggested } = props;
  const lines = useMemo(
    () => comparisonLines(slotId, colour, current, suggested),
    [slotId, colour, current, suggested],
  );
  return (
    <RouteMap
      label={translate('optimizing.suggestion.map')}
      testId="suggestion-map"
      lines={lines}
      centre={DEFAULT_CENTRES.NO}
      fitKey={slotId}
      height={300}
    />
  );
}
