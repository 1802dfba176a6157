import { socketProtocol, trackingSocket } from '@nordlog/contracts';
import { useEffect, useRef, useState } from 'react';
import {
  fetchTracking,
  isTrackingSignal,
  trackingSocketUrl,
  type TrackingState,
} from './trackingApi';

/**
 * The shipment of a tracking page, kept current: fetched once, then again whenever the tracking
 * socket signals a change (never polled). Signals that arrive while a fetch runs make one more
 * fetch after it. The socket answers pings, and reconnects after the protocol's pause, fetching
 * again then (a change may have come while it was away). `live` is false while disconnected.
 */
export function useTracking(id: string): {
  state: TrackingState;
  live: boolean;
  retry: () => void;
} {
  const [state, setState] = useState<TrackingState>({ kind: 'loading' });
  const [live, setLive] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const refresh = useRef<() => void>(() => undefined);

  useEffect(() => {
    const abort = new AbortController();
    let running = false;
    let again = false;
    const load = async () => {
      if (running) return void (again = true);
      running = true;
      try {
        do {
          again = false;
          const next = await fetchTracking(id, abort.signal);
          // A failed refresh keeps what the page shows; only a first load shows the failure.
          setState((prev) => (next.kind === 'failed' && prev.kind === 'found' ? prev : next));
        } while (again && !abort.signal.aborted);
      } catch {
        /* aborted: the page is gone */
      } finally {
        running = false;
      }
    };
    refresh.current = () => void load();
    void load();

    let socket: WebSocket | null = null;
    let timer: ReturnType<typeof setTimeout> | null = null;
    const connect = (first: boolean) => {
      socket = new WebSocket(trackingSocketUrl(window.location, id));
      socket.onopen = () => {
        setLive(true);
        if (!first) void load();
      };
      socket.onmessage = (e: MessageEvent<string>) => {
        const text = String(e.data);
        if (text === socketProtocol.messages.ping) socket?.send(socketProtocol.messages.pong);
        else if (isTrackingSignal(text, id)) void load();
      };
      socket.onclose = (e: CloseEvent) => {
        setLive(false);
        // A key no shipment has stays unknown: the page says so and stops asking.
        const unknown =
          e.code === socketProtocol.closeCodes.error && e.reason === trackingSocket.unknownReason;
        if (!abort.signal.aborted && !unknown)
          timer = setTimeout(() => connect(false), socketProtocol.reconnectAfterMs);
      };
    };
    connect(true);
    return () => {
      abort.abort();
      if (timer) clearTimeout(timer);
      if (socket) {
        socket.onclose = null;
        socket.close();
      }
    };
  }, [id, attempt]);

  return {
    state,
    live,
    retry: () => (state.kind === 'failed' ? setAttempt((n) => n + 1) : refresh.current()),
  };
}
