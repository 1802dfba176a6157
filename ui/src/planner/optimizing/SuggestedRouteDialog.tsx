import ArrowDownwardIcon from '@mui/icons-material/ArrowDownward';
import ArrowUpwardIcon from '@mui/icons-material/ArrowUpward';
import RemoveCircleOutlineIcon from '@mui/icons-material/RemoveCircleOutline';
import ScheduleIcon from '@mui/icons-material/Schedule';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import {
  REST_BREAK,
  type RoutePoint,
  type RouteStop,
  type RouteSuggestionView,
  type SlotView,
} from '@nordlog/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import { loadWithRetry } from '../../shell/staleCode';
import { canMoveStop, clockTime, indexOfKey, moveStop } from '../planning/planningData';
import { Comparison } from './Figures';
import { compareRoutes } from './optimizingData';

/** The comparison's map is a chunk of its own (Leaflet), loaded when a suggestion is viewed. */
const SuggestionMap = lazy(() => loadWithRetry(() => import('./SuggestionMap')));

export interface SuggestedRouteActions {
  apply: boolean;
  cancel: boolean;
  reorder: boolean;
  leaveOut: boolean;
}

/**
 * A slot's suggested route beside its current one (spec §4 suggested route flow, UI.md planning
 * "suggested route preview with accept/cancel"): the figures compared, and both routes stop by
 * stop with their arrival times. The suggested one can be reordered (each pickup stays before its
 * delivery) and a shipment it would bring onto the slot left out; then applied or cancelled.
 */
export function SuggestedRouteDialog(props: {
  suggestion: RouteSuggestionView | null;
  slot: SlotView | undefined;
  slotName: string;
  /** The slot's colour on a map (its unit's, else the palette's). */
  colour: string;
  timeZone: string;
  may: SuggestedRouteActions;
  busy: boolean;
  onApply: (s: RouteSuggestionView) => void;
  onCancel: (s: RouteSuggestionView) => void;
  onReorder: (s: RouteSuggestionView, stops: RouteStop[]) => void;
  onLeaveOut: (consignmentIds: string[]) => void;
  onRefusedMove: () => void;
  onClose: () => void;
}) {
  const translate = useTranslate();
  const s = props.suggestion;
  const comparisons = s ? compareRoutes(s.current, s.suggested) : [];
  const adding = new Set(s?.adding ?? []);
  const leaving = new Set(s?.leaving ?? []);
  const move = (from: number, to: number) => {
    if (!s) return;
    const result = moveStop(s.stops, from, to);
    if (!result.ok) props.onRefusedMove();
    else props.onReorder(s, result.stops);
  };
  return (
    <Dialog
      open={s !== null}
      onClose={props.onClose}
      maxWidth="lg"
      fullWidth
      aria-labelledby="suggested-route-title"
    >
      <DialogTitle id="suggested-route-title">
        {translate('optimizing.suggestion.dialogTitle', { name: props.slotName })}
      </DialogTitle>
      {s ? (
        <DialogContent dividers>
          <Table size="small" sx={{ mb: 2, width: 'auto' }} data-testid="suggestion-figures">
            <TableHead>
              <TableRow>
                {comparisons.map((c) => (
                  <TableCell key={c.figure}>
                    {translate(`optimizing.figures.${c.figure}`)}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              <TableRow>
                {comparisons.map((c) => (
                  <TableCell key={c.figure}>
                    <Comparison {...c} digits={c.figure === 'distanceKm' ? 1 : 0} />
                  </TableCell>
                ))}
              </TableRow>
            </TableBody>
          </Table>
          <Box sx={{ mb: 2 }}>
            <Suspense fallback={null}>
              <SuggestionMap
                slotId={s.slotId}
                colour={props.colour}
                current={props.slot?.routePoints ?? NO_POINTS}
                suggested={s.routePoints}
              />
            </Suspense>
            <Typography variant="caption" color="text.secondary">
              {translate('optimizing.suggestion.map')}
            </Typography>
          </Box>
          <Box
            sx={{
              display: 'grid',
              gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
              gap: 2,
            }}
          >
            <RouteColumn
              title={translate('optimizing.suggestion.current')}
              testId="current-route"
              points={props.slot?.routePoints ?? []}
              timeZone={props.timeZone}
              marked={leaving}
              markLabel={translate('optimizing.suggestion.leavingMark')}
            />
            <RouteColumn
              title={translate('optimizing.suggestion.suggested')}
              testId="suggested-route"
              points={s.routePoints}
              timeZone={props.timeZone}
              marked={adding}
              markLabel={translate('optimizing.suggestion.addingMark')}
              controls={(point) => {
                const index = indexOfKey(s.stops, point.key);
                const label =
                  `${point.sequence}. ${translate(`enums.stopType.${point.type}`)} ${point.shipmentId ?? point.consignmentId ?? ''}`.trim();
                const firstOfConsignment =
                  point.consignmentId !== null &&
                  s.routePoints.find((p) => p.consignmentId === point.consignmentId) === point;
                return (
                  <>
                    {props.may.reorder ? (
                      <>
                        <IconButton
                          size="small"
                          disabled={props.busy || !canMoveStop(s.stops, index, -1)}
                          aria-label={translate('planning.stop.moveUp', { stop: label })}
                          onClick={() => move(index, index - 1)}
                        >
                          <ArrowUpwardIcon fontSize="inherit" />
                        </IconButton>
                        <IconButton
                          size="small"
                          disabled={props.busy || !canMoveStop(s.stops, index, 1)}
                          aria-label={translate('planning.stop.moveDown', { stop: label })}
                          onClick={() => move(index, index + 1)}
                        >
                          <ArrowDownwardIcon fontSize="inherit" />
                        </IconButton>
                      </>
                    ) : null}
                    {props.may.leaveOut &&
                    firstOfConsignment &&
                    point.consignmentId &&
                    adding.has(point.consignmentId) ? (
                      <IconButton
                        size="small"
                        disabled={props.busy}
                        aria-label={translate('optimizing.suggestion.leaveOut', { stop: label })}
                        title={translate('optimizing.suggestion.leaveOut', { stop: label })}
                        onClick={() => props.onLeaveOut([point.consignmentId!])}
                      >
                        <RemoveCircleOutlineIcon fontSize="inherit" />
                      </IconButton>
                    ) : null}
                  </>
                );
              }}
            />
          </Box>
        </DialogContent>
      ) : null}
      <DialogActions>
        <Button onClick={props.onClose}>{translate('optimizing.suggestion.close')}</Button>
        {s && props.may.cancel ? (
          <Button color="error" disabled={props.busy} onClick={() => props.onCancel(s)}>
            {translate('optimizing.suggestion.cancelRoute')}
          </Button>
        ) : null}
        {s && props.may.apply ? (
          <Button
            variant="contained"
            color="secondary"
            disabled={props.busy}
            onClick={() => props.onApply(s)}
          >
            {translate('optimizing.suggestion.applyRoute')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}

/** One route, stop by stop: sequence, type, shipment and place, arrival–end, late. */
function RouteColumn(props: {
  title: string;
  testId: string;
  points: readonly RoutePoint[];
  timeZone: string;
  /** Consignments to mark (new on the slot, or leaving it). */
  marked: ReadonlySet<string>;
  markLabel: string;
  controls?: (point: RoutePoint) => ReactNode;
}) {
  const translate = useTranslate();
  return (
    <Box
      component="section"
      aria-label={props.title}
      data-testid={props.testId}
      sx={{ minWidth: 0 }}
    >
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mb: 0.5 }}>
        {props.title}
      </Typography>
      {props.points.length === 0 ? (
        <Typography color="text.secondary">{translate('planning.slot.empty')}</Typography>
      ) : (
        <Table size="small" sx={{ tableLayout: 'fixed' }}>
          <TableHead>
            <TableRow>
              <TableCell sx={{ width: 36 }}>#</TableCell>
              <TableCell sx={{ width: 80 }}>{translate('optimizing.suggestion.stop')}</TableCell>
              <TableCell>{translate('optimizing.suggestion.place')}</TableCell>
              <TableCell sx={{ width: 100 }}>{translate('optimizing.suggestion.time')}</TableCell>
              {props.controls ? (
                <TableCell sx={{ width: 104 }}>
                  <Box component="span" sx={visuallyHidden}>
                    {translate('optimizing.suggestion.actions')}
                  </Box>
                </TableCell>
              ) : null}
            </TableRow>
          </TableHead>
          <TableBody>
            {props.points.map((p) => {
              const place =
                p.type === REST_BREAK
                  ? ''
                  : [p.shipmentId ?? p.consignmentId, p.name, p.address]
                      .filter(Boolean)
                      .join(' · ');
              return (
                <TableRow
                  key={p.key}
                  data-testid="route-stop"
                  data-stop-key={p.key}
                  data-consignment-id={p.consignmentId ?? undefined}
                >
                  <TableCell>{p.sequence}</TableCell>
                  <TableCell>{translate(`enums.stopType.${p.type}`)}</TableCell>
                  <TableCell
                    sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
                    title={place}
                  >
                    {p.consignmentId && props.marked.has(p.consignmentId) ? (
                      <Chip size="small" label={props.markLabel} sx={{ mr: 0.5 }} />
                    ) : null}
                    {place}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                    <span data-testid="stop-times">
                      {clockTime(p.arrival, props.timeZone)}–{clockTime(p.endTime, props.timeZone)}
                    </span>
                    {p.late ? (
                      <ScheduleIcon
                        color="error"
                        sx={{ fontSize: 14, ml: 0.5, verticalAlign: 'text-bottom' }}
                        role="img"
                        aria-label={translate('planning.stop.late')}
                        data-testid="stop-late"
                      />
                    ) : null}
                  </TableCell>
                  {props.controls ? (
                    <TableCell sx={{ whiteSpace: 'nowrap', py: 0 }}>{props.controls(p)}</TableCell>
                  ) : null}
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

const NO_POINTS: RoutePoint[] = [];

const visuallyHidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
