import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { RouteStop, RouteSuggestionView, SlotView } from '@nordlog/contracts';
import { useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import { toastTimeouts } from '../../shell/timeouts';
import { ROUTE_PALETTE } from '../../maps/routeLineData';
import { ConfirmDialog } from '../planning/Dialogs';
import { Comparison } from './Figures';
import { compareRoutes, type ConsignmentName } from './optimizingData';
import { SuggestedRouteDialog, type SuggestedRouteActions } from './SuggestedRouteDialog';
import type { useOptimizingCommands } from './useOptimizingCommands';

type Commands = ReturnType<typeof useOptimizingCommands>;

/** How many shipment names a cell lists before "and n more". */
const LISTED = 3;

/**
 * The day's suggested routes (spec §4 suggested route flow; UI.md "run the optimiser and compare
 * before/after"): per slot its current and suggested kilometres, driving minutes, stops and late
 * stops with the difference (green when better), the shipments it adds and leaves out, and View,
 * Apply and Cancel; Apply all and Cancel all ask first (UI.md: a bulk change says how many).
 */
/** The columns of the suggestions table, by their message key under `optimizing`. */
const SUGGESTION_COLUMNS = [
  'suggestion.slot',
  'figures.distanceKm',
  'figures.drivingMinutes',
  'figures.stops',
  'figures.late',
  'suggestion.shipments',
  'suggestion.actions',
] as const;

export function SuggestionsPanel(props: {
  suggestions: readonly RouteSuggestionView[];
  slotById: ReadonlyMap<string, SlotView>;
  /** Each slot's colour on a map, by slot id. */
  colours: ReadonlyMap<string, string>;
  timeZone: string;
  nameOf: (ids: string[]) => ConsignmentName[];
  may: SuggestedRouteActions;
  commands: Commands;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const { commands } = props;
  const [viewing, setViewing] = useState<string | null>(null);
  const [bulk, setBulk] = useState<'apply' | 'cancel' | null>(null);
  const [busy, setBusy] = useState(false);
  const slotName = (id: string) => props.slotById.get(id)?.name ?? id;
  const ordered = [...props.suggestions].sort((a, b) =>
    slotName(a.slotId).localeCompare(slotName(b.slotId)),
  );
  const viewed = ordered.find((s) => s.slotId === viewing) ?? null;
  const busyWhile = async (work: () => Promise<unknown>) => {
    setBusy(true);
    try {
      await work();
    } finally {
      setBusy(false);
    }
  };
  const apply = (s: RouteSuggestionView) =>
    busyWhile(async () => {
      if (await commands.apply(s, slotName(s.slotId))) setViewing(null);
    });
  const cancel = (s: RouteSuggestionView) =>
    busyWhile(async () => {
      if (await commands.cancel(s, slotName(s.slotId))) setViewing(null);
    });
  const reorder = (s: RouteSuggestionView, stops: RouteStop[]) =>
    busyWhile(() => commands.reorder(s.slotId, stops));
  const leaveOut = (ids: string[]) => busyWhile(() => commands.leaveOut(ids));
  const names = (ids: readonly string[]) => props.nameOf([...ids]).map((n) => n.label);
  const list = (ids: readonly string[]) => {
    const all = names(ids);
    const shown = all.slice(0, LISTED).join(', ');
    return all.length > LISTED
      ? translate('optimizing.suggestion.andMore', {
          list: shown,
          smart_count: all.length - LISTED,
        })
      : shown;
  };

  return (
    <Box
      component="section"
      aria-labelledby="suggestions-title"
      data-testid="suggestions-panel"
      sx={{ mt: 1 }}
    >
      <Stack direction="row" spacing={1} alignItems="center" sx={{ mb: 0.5, flexWrap: 'wrap' }}>
        <Typography
          variant="subtitle1"
          component="h3"
          id="suggestions-title"
          sx={{ fontWeight: 600 }}
        >
          {translate('optimizing.suggestion.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary" data-testid="suggestions-count">
          {translate('optimizing.suggestion.count', { smart_count: ordered.length })}
        </Typography>
        <Box sx={{ flexGrow: 1 }} />
        {props.may.apply ? (
          <Button
            size="small"
            variant="contained"
            color="secondary"
            disabled={busy}
            onClick={() => setBulk('apply')}
          >
            {translate('optimizing.suggestion.applyAll')}
          </Button>
        ) : null}
        {props.may.cancel ? (
          <Button
            size="small"
            variant="outlined"
            color="error"
            disabled={busy}
            onClick={() => setBulk('cancel')}
          >
            {translate('optimizing.suggestion.cancelAll')}
          </Button>
        ) : null}
      </Stack>
      <TableContainer
        tabIndex={0}
        role="region"
        aria-labelledby="suggestions-title"
        sx={{ maxHeight: 360 }}
      >
        <Table size="small" stickyHeader>
          <TableHead>
            <TableRow>
              {SUGGESTION_COLUMNS.map((key) => (
                <TableCell key={key}>{translate(`optimizing.${key}`)}</TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {ordered.map((s) => {
              const name = slotName(s.slotId);
              const byFigure = new Map(
                compareRoutes(s.current, s.suggested).map((c) => [c.figure, c]),
              );
              return (
                <TableRow key={s.slotId} data-testid="suggestion-row" data-slot-id={s.slotId}>
                  <TableCell sx={{ fontWeight: 600 }}>{name}</TableCell>
                  {(['distanceKm', 'drivingMinutes', 'stops', 'late'] as const).map((f) => (
                    <TableCell key={f} data-figure={f}>
                      <Comparison {...byFigure.get(f)!} digits={f === 'distanceKm' ? 1 : 0} />
                    </TableCell>
                  ))}
                  <TableCell sx={{ maxWidth: 260 }}>
                    {s.adding.length > 0 ? (
                      <Typography
                        variant="body2"
                        data-testid="suggestion-adding"
                        title={names(s.adding).join(', ')}
                      >
                        {translate('optimizing.suggestion.adds', {
                          smart_count: s.adding.length,
                          list: list(s.adding),
                        })}
                      </Typography>
                    ) : null}
                    {s.leaving.length > 0 ? (
                      <Typography
                        variant="body2"
                        data-testid="suggestion-leaving"
                        title={names(s.leaving).join(', ')}
                      >
                        {translate('optimizing.suggestion.leaves', {
                          smart_count: s.leaving.length,
                          list: list(s.leaving),
                        })}
                      </Typography>
                    ) : null}
                    {s.adding.length === 0 && s.leaving.length === 0 ? (
                      <Typography variant="body2" color="text.secondary">
                        {translate('optimizing.suggestion.sameShipments')}
                      </Typography>
                    ) : null}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button
                      size="small"
                      color="secondary"
                      aria-label={translate('optimizing.suggestion.viewFor', { name })}
                      onClick={() => setViewing(s.slotId)}
                    >
                      {translate('optimizing.suggestion.view')}
                    </Button>
                    {props.may.apply ? (
                      <Button
                        size="small"
                        color="secondary"
                        disabled={busy}
                        aria-label={translate('optimizing.suggestion.applyFor', { name })}
                        onClick={() => void apply(s)}
                      >
                        {translate('optimizing.suggestion.apply')}
                      </Button>
                    ) : null}
                    {props.may.cancel ? (
                      <Button
                        size="small"
                        color="error"
                        disabled={busy}
                        aria-label={translate('optimizing.suggestion.cancelFor', { name })}
                        onClick={() => void cancel(s)}
                      >
                        {translate('optimizing.suggestion.cancel')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>

      <SuggestedRouteDialog
        suggestion={viewed}
        slot={viewed ? props.slotById.get(viewed.slotId) : undefined}
        slotName={viewed ? slotName(viewed.slotId) : ''}
        colour={(viewed && props.colours.get(viewed.slotId)) ?? ROUTE_PALETTE[0]}
        timeZone={props.timeZone}
        may={props.may}
        busy={busy}
        onApply={(s) => void apply(s)}
        onCancel={(s) => void cancel(s)}
        onReorder={(s, stops) => void reorder(s, stops)}
        onLeaveOut={(ids) => void leaveOut(ids)}
        onRefusedMove={() =>
          notify('planning.stop.pickupOrder', {
            type: 'warning',
            autoHideDuration: toastTimeouts.short,
          })
        }
        onClose={() => setViewing(null)}
      />
      <ConfirmDialog
        open={bulk !== null}
        title={translate(
          bulk === 'cancel'
            ? 'optimizing.suggestion.cancelAllTitle'
            : 'optimizing.suggestion.applyAllTitle',
          { smart_count: ordered.length },
        )}
        text={translate(
          bulk === 'cancel'
            ? 'optimizing.suggestion.cancelAllText'
            : 'optimizing.suggestion.applyAllText',
        )}
        confirmLabel={translate(
          bulk === 'cancel' ? 'optimizing.suggestion.cancelAll' : 'optimizing.suggestion.applyAll',
        )}
        danger={bulk === 'cancel'}
        busy={busy}
        onClose={() => setBulk(null)}
        onConfirm={() => {
          const kind = bulk;
          if (!kind) return;
          void busyWhile(async () => {
            await commands.all(kind, ordered, slotName);
            setBulk(null);
          });
        }}
      />
    </Box>
  );
}
