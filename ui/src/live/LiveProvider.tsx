import ReplayIcon from '@mui/icons-material/Replay';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { consignmentStates, socketProtocol } from '@nordlog/contracts';
import { useQueryClient } from '@tanstack/react-query';
import {
  createContext,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { useTranslate } from 'react-admin';
import { useShell } from '../app/UserContext';
import { timeZoneFor, todayIn } from '../i18n/locales';
import { usePlannerDepartment } from '../layout/plannerDepartment';
import { useDepartmentOptions } from '../layout/useDepartments';
import { slotsConcerned } from '../planner/planning/planningData';
import { refreshSlotViews } from '../planner/planning/refreshSlotViews';
import {
  isSuggestionsKey,
  runBelongs,
  suggestionsConcerned,
} from '../planner/optimizing/optimizingData';
import { rowBelongs } from '../planner/shipmentsData';
import { cmsBelongs } from '../resources/admin/cms/cmsBelongs';
import { resourcesOf } from '../resources/registry';
import { applyChanges, createChangeBatcher } from './applyChanges';
import {
  LiveConnection,
  liveConnectionWanted,
  subscribeQuery,
  type LiveContext,
} from './LiveConnection';

/** The persistent network notice (spec §8: id 9999, reload button, no timeout). */
export const NETWORK_NOTICE_ID = 9999;

let networkFailing = false;
const listeners = new Set<() => void>();
const setNetworkFailing = (failing: boolean) => {
  networkFailing = failing;
  for (const l of listeners) l();
};
const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export function NetworkNotice() {
  const translate = useTranslate();
  const failing = useSyncExternalStore(subscribe, () => networkFailing);
  return (
    <Snackbar
      open={failing}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      data-notification-id={NETWORK_NOTICE_ID}
    >
      <Alert
        severity="error"
        variant="filled"
        role="alert"
        action={
          <Button
            color="inherit"
            size="small"
            startIcon={<ReplayIcon />}
            onClick={() => window.location.reload()}
          >
            {translate('notifications.reload')}
          </Button>
        }
      >
        <AlertTitle>{translate('notifications.error')}</AlertTitle>
        {translate('notifications.networkError')}
      </Alert>
    </Snackbar>
  );
}

const socketUrl = (context: LiveContext): string => {
  const scheme = window.location.protocol === 'https:' ? 'wss' : 'ws';
  return `${scheme}://${window.location.host}${socketProtocol.path}?${subscribeQuery(context)}`;
};

/** Lets a page set the dates the live connection follows (default: today). */
const LiveDatesContext = createContext<(dates: string[] | null) => void>(() => undefined);

/** The page shows these dates: the socket's context follows them while the page is open. */
export function useLiveDates(dates: readonly string[] | null): void {
  const setDates = useContext(LiveDatesContext);
  const key = dates ? dates.join(',') : null;
  useEffect(() => {
    setDates(key ? key.split(',') : null);
    return () => setDates(null);
  }, [key, setDates]);
}

/**
 * Spec §4 live connection: runs while the user has a role and needs no e-mail or password
 * completion; the context follows the department in the URL; data messages go to the cache.
 */
export function LiveProvider({ children }: { children: ReactNode }) {
  const { user } = useShell();
  const queryClient = useQueryClient();
  const department = usePlannerDepartment();
  const options = useDepartmentOptions();
  // A group id stands for its departments; the socket filters by plain department ids.
  const departmentIds = useMemo(
    () => (department ? (options.data?.find((d) => d.id === department)?.members ?? []) : []),
    [department, options.data],
  );
  const connection = useRef<LiveConnection | null>(null);
  const [pageDates, setPageDates] = useState<string[] | null>(null);
  const active = liveConnectionWanted(user);

  const context = useMemo<LiveContext>(
    () => ({
      dates: pageDates ?? [todayIn(timeZoneFor(null))],
      departmentIds,
      customerIds: [],
      contexts: ['NONE'],
      types: [],
      filters: [],
      consignmentStates: [],
    }),
    [departmentIds, pageDates],
  );

  useEffect(() => {
    if (!active) return;
    const push = createChangeBatcher((batch) =>
      applyChanges(queryClient, batch, {
        resourcesOf,
        acceptedStates: consignmentStates,
        belongs: (key, entity, row) =>
          rowBelongs(key, entity, row) ??
          runBelongs(key, entity, row) ??
          cmsBelongs(key, entity, row),
        viewsConcerned: (key, change, cached) =>
          slotsConcerned(key, change, cached) ?? suggestionsConcerned(key, change, cached),
        // A day's suggestions are fetched again whole (a handful of rows); slot views by slot.
        refreshViews: (key, ids) =>
          isSuggestionsKey(key)
            ? void queryClient.invalidateQueries({ queryKey: key, exact: true })
            : void refreshSlotViews(queryClient, key, ids),
      }),
    );
    const live = new LiveConnection(
      {
        url: socketUrl,
        createSocket: (url) => new WebSocket(url) as never,
        onData: push,
        onLogin: () => window.location.assign('/'),
        onNetworkError: setNetworkFailing,
        log: (m, d) => console.warn(m, d),
      },
      context,
    );
    connection.current = live;
    live.start();
    return () => {
      live.stop();
      connection.current = null;
    };
    // The connection lives as long as the user; context changes go through setContext.
  }, [active, queryClient]);

  useEffect(() => {
    connection.current?.setContext(context);
  }, [context]);

  return <LiveDatesContext.Provider value={setPageDates}>{children}</LiveDatesContext.Provider>;
}
