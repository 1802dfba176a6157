import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AddressResult, UnresolvedAddress } from '@nordlog/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useLocale, useNotify, useTranslate } from 'react-admin';
import { Link as RouterLink, useParams } from 'react-router-dom';
import { useMayRun } from '../../access/useMayRun';
import { failureText } from '../../errors/parse';
import { formatDate, normalizeLocale, todayIn, timeZoneFor } from '../../i18n/locales';
import { usePageTitle } from '../../layout/pageTitle';
import { useDepartmentOptions } from '../../layout/useDepartments';
import { useLiveDates } from '../../live/LiveProvider';
import { AddressSearch } from '../../maps/AddressSearch';
import { runQuery, sendCommand } from '../../shell/api';
import { DEFAULT_CENTRES, DEFAULT_ZOOM, PREVIEW_ZOOM } from '../map/constants';
import type { Point } from './PinMap';
import { UNRESOLVED_KEY, UNRESOLVED_COUNT_KEY } from './queries';

const PinMap = lazy(() => import('./PinMap'));

const asText = (a: Pick<UnresolvedAddress, 'address' | 'zipCode' | 'zipArea'>) =>
  [a.address, [a.zipCode, a.zipArea].filter(Boolean).join(' ')].filter(Boolean).join(', ');

/** The gazetteer's suggestions for an address as booked (`addressAutocomplete`). */
function useSuggestions(line: UnresolvedAddress | null) {
  const text = line ? asText(line) : '';
  return useQuery({
    queryKey: ['addressAutocomplete', text, line?.countryCode],
    enabled: text.length >= 2,
    staleTime: 60_000,
    queryFn: () =>
      runQuery<AddressResult[]>('addressAutocomplete', {
        text: text.slice(0, 200),
        countryCode: line?.countryCode || undefined,
      }).catch(() => [] as AddressResult[]),
  });
}

/**
 * `/planner/{departmentId}/coordinates` and `/unresolved` (spec §2, docs/decisions/0053): the
 * department's addresses the gazetteer could not place, each as booked with its orders. A planner
 * picks one of the gazetteer's suggestions or drops the pin on the map, and Resolve places every
 * order of that address (RESOLVE_ADDRESS per order and side). The list follows the socket.
 */
export default function UnresolvedPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const locale = normalizeLocale(useLocale());
  const mayRun = useMayRun();
  const queryClient = useQueryClient();
  usePageTitle('unresolved.title');
  const { departmentId = '' } = useParams();
  const option = useDepartmentOptions().data?.find((d) => d.id === departmentId);
  const departmentIds = useMemo(() => option?.members ?? [], [option]);
  const list = useQuery({
    queryKey: [UNRESOLVED_KEY, 'rows', { departmentIds }],
    enabled: departmentIds.length > 0,
    // Unresolved orders of days the socket does not follow come with the next minute.
    refetchInterval: 60_000,
    queryFn: () => runQuery<UnresolvedAddress[]>('unresolvedAddresses', { departmentIds }),
  });
  const lines = useMemo(() => list.data ?? [], [list.data]);
  // The socket follows the days of the orders shown (and today): a change to one refetches.
  const today = todayIn(timeZoneFor(option?.country ?? null));
  useLiveDates(
    useMemo(
      () => [...new Set([today, ...lines.flatMap((l) => l.orders.map((o) => o.date))])].sort(),
      [lines, today],
    ),
  );
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const line = lines.find((l) => l.id === selectedId) ?? lines[0] ?? null;
  const suggestions = useSuggestions(line);
  const [pin, setPin] = useState<{ id: string; at: Point } | null>(null);
  const pinned = pin && line && pin.id === line.id ? pin.at : null;
  const country = (line?.countryCode ?? option?.country ?? 'NO') as keyof typeof DEFAULT_CENTRES;
  const [view, setView] = useState<{ id: string; centre: Point; zoom: number } | null>(null);
  const centre =
    view && line && view.id === line.id
      ? view
      : { centre: DEFAULT_CENTRES[country] ?? DEFAULT_CENTRES.NO, zoom: DEFAULT_ZOOM };
  const onPin = useCallback((at: Point) => line && setPin({ id: line.id, at }), [line]);
  const pick = (s: AddressResult) => {
    if (!line || !s.latLng) return;
    setPin({ id: line.id, at: s.latLng });
    setView({ id: line.id, centre: s.latLng, zoom: PREVIEW_ZOOM });
  };
  const [busy, setBusy] = useState(false);
  const canResolve = mayRun('RESOLVE_ADDRESS');

  const resolve = async () => {
    if (!line || !pinned) return;
    setBusy(true);
    try {
      // Every order of the address, each on its side (one command per order: each its own stream).
      for (const o of line.orders)
        await sendCommand('RESOLVE_ADDRESS', {
          consignmentId: o.orderId,
          side: o.side,
          lat: pinned.lat,
          lng: pinned.lng,
          resolvedBy: 'FRONTEND',
          precision: 'address',
        });
      notify(translate('unresolved.resolved', { smart_count: line.orders.length }), {
        type: 'info',
      });
      setPin(null);
      setSelectedId(null);
    } catch (err) {
      notify(failureText(err, translate), { type: 'error' });
    } finally {
      setBusy(false);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: [UNRESOLVED_KEY] }),
        queryClient.invalidateQueries({ queryKey: [UNRESOLVED_COUNT_KEY] }),
      ]);
    }
  };

  return (
    <Box sx={{ p: 2 }}>
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {translate('unresolved.title')}
        {option ? ` · ${option.name}` : ''}
      </Typography>
      {list.isError ? <Alert severity="error">{translate('errors.server')}</Alert> : null}
      {lines.length === 0 ? (
        <Typography data-testid="unresolved-none">
          {list.isPending && departmentIds.length > 0
            ? translate('app.loading')
            : translate('unresolved.none')}
        </Typography>
      ) : (
        <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} alignItems="flex-start">
          <Paper sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0 }}>
            <List dense aria-label={translate('unresolved.addresses')}>
              {/* Each line an item of the list (a list holds only items: axe `list`). */}
              {lines.map((l) => (
                <ListItem key={l.id} disablePadding>
                  <ListItemButton
                    selected={line?.id === l.id}
                    onClick={() => setSelectedId(l.id)}
                    data-testid="unresolved-line"
                  >
                    <ListItemText
                      primary={asText(l)}
                      secondary={translate('unresolved.orders', { smart_count: l.orders.length })}
                    />
                  </ListItemButton>
                </ListItem>
              ))}
            </List>
          </Paper>
          {line ? (
            <Stack spacing={2} sx={{ flexGrow: 1, minWidth: 0 }}>
              <Paper sx={{ p: 2 }}>
                <Typography variant="h6" component="h2" data-testid="unresolved-address">
                  {asText(line)} ({line.countryCode})
                </Typography>
                <List dense aria-label={translate('unresolved.ordersOf')}>
                  {line.orders.map((o) => (
                    <ListItem key={`${o.orderId}-${o.side}`} disablePadding>
                      <ListItemText
                        primary={
                          <>
                            <RouterLink to={`/planner/${departmentId}/booking/edit/${o.orderId}`}>
                              {o.shipmentId ?? o.orderId}
                            </RouterLink>
                            {` · ${o.name} · ${o.customerName ?? o.customerId}`}
                          </>
                        }
                        secondary={`${translate(`unresolved.sides.${o.side}`)} · ${formatDate(o.date, locale)}`}
                      />
                    </ListItem>
                  ))}
                </List>
              </Paper>
              <Paper sx={{ p: 2 }}>
                <Typography variant="subtitle1" component="h3">
                  {translate('unresolved.suggestions')}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap flexWrap="wrap" sx={{ my: 1 }}>
                  {(suggestions.data ?? [])
                    .filter((s) => s.latLng)
                    .map((s) => (
                      <Chip
                        key={`${s.label}|${s.zipCode}`}
                        label={s.label}
                        onClick={() => pick(s)}
                        variant="outlined"
                      />
                    ))}
                  {suggestions.isFetched && !(suggestions.data ?? []).some((s) => s.latLng) ? (
                    <Typography variant="body2" color="text.secondary">
                      {translate('unresolved.noSuggestions')}
                    </Typography>
                  ) : null}
                </Stack>
                <AddressSearch
                  key={line.id}
                  label={translate('unresolved.search')}
                  countryCode={line.countryCode || undefined}
                  withPoint
                  onPick={pick}
                />
              </Paper>
              <Typography variant="body2" color="text.secondary">
                {translate('unresolved.dropHint')}
              </Typography>
              <Suspense fallback={null}>
                <PinMap
                  label={translate('unresolved.map')}
                  centre={centre.centre}
                  zoom={centre.zoom}
                  pin={pinned}
                  onPin={onPin}
                />
              </Suspense>
              {canResolve ? (
                <Box>
                  <Button
                    variant="contained"
                    disabled={!pinned || busy}
                    onClick={() => void resolve()}
                  >
                    {translate('unresolved.resolve', { smart_count: line.orders.length })}
                  </Button>
                </Box>
              ) : null}
            </Stack>
          ) : null}
        </Stack>
      )}
    </Box>
  );
}
