import {
  CONSIGNMENT_GRID_ENTITY,
  COURIER_LOCATIONS_ENTITY,
  SLOTS_ENTITY,
  socketProtocol,
  trackingSocket,
  type TrackingSignal,
} from '@nordlog/contracts';
import type { ChangeRecord, Logger } from '@nordlog/platform';
import type { IncomingMessage } from 'node:http';
import type { WebSocket } from 'ws';
import type { TrackedShipment } from './tracking.js';

const { closeCodes, messages } = socketProtocol;

/** How the hub finds a tracking key's shipment and limits public upgrades. */
export interface TrackingOptions {
  lookup: (trackingId: string) => Promise<TrackedShipment | null>;
  admits?: (req: IncomingMessage) => boolean;
}

/**
 * A tracking page's socket: it is sent a signal, never a row, whenever its shipment's order, slot
 * or courier changes; the page asks the query again, which decides what a recipient sees.
 */
export interface Tracker {
  ws: WebSocket;
  trackingId: string;
  shipment: TrackedShipment;
  lastPong: number;
  /** The `entity:id` keys it is filed under. */
  keys: string[];
}

const keyOf = (entity: string, id: string) => `${entity}:${id}`;

/**
 * The public tracking page's sockets (`?tracking={key}`, no session; docs/decisions/0028), filed
 * by what they follow (the order, its slot, the slot's courier) so a change finds them at once.
 * The hub pings them with its own sockets and hands them every change.
 */
export class TrackingSockets {
  readonly all = new Set<Tracker>();
  private readonly byKey = new Map<string, Set<Tracker>>();

  constructor(
    private readonly options: TrackingOptions | undefined,
    private readonly logger: Logger,
  ) {}

  async accept(ws: WebSocket, req: IncomingMessage, trackingId: string): Promise<void> {
    const options = this.options;
    if (!options || (options.admits && !options.admits(req)))
      return void ws.close(closeCodes.error, 'refused');
    let shipment: TrackedShipment | null;
    try {
      shipment = await options.lookup(trackingId);
    } catch (err) {
      this.logger.warn({ err }, 'tracking socket: lookup failed');
      return void ws.close(closeCodes.error, 'unavailable');
    }
    if (!shipment) return void ws.close(closeCodes.error, trackingSocket.unknownReason);
    const tracker: Tracker = { ws, trackingId, shipment, lastPong: Date.now(), keys: [] };
    this.all.add(tracker);
    this.file(tracker);
    // Only pongs are taken from a tracking socket; anything else is ignored.
    ws.on('message', () => void (tracker.lastPong = Date.now()));
    ws.on('close', () => this.remove(tracker));
    ws.on('error', (err) => this.logger.debug({ err }, 'tracking socket error'));
    ws.send(messages.ok);
  }

  remove(tracker: Tracker): void {
    this.all.delete(tracker);
    this.unfile(tracker);
  }

  /**
   * Signals the tracking sockets a change concerns, after following it: the order moving to
   * another slot (or none), the slot given another courier.
   */
  signal(change: ChangeRecord): void {
    const following = this.byKey.get(keyOf(change.entity, change.id));
    if (!following) return;
    const data =
      change.op === 'delete'
        ? null
        : (change.data as {
            slotId?: string | number | null;
            courierId?: string | number | null;
          } | null);
    for (const tracker of [...following]) {
      const shipment = { ...tracker.shipment };
      if (change.entity === CONSIGNMENT_GRID_ENTITY && data) {
        const slotId = data.slotId ? String(data.slotId) : null;
        if (slotId !== shipment.slotId) [shipment.slotId, shipment.courierId] = [slotId, null];
      } else if (change.entity === SLOTS_ENTITY) {
        shipment.courierId = data?.courierId ? String(data.courierId) : null;
      }
      if (
        shipment.slotId !== tracker.shipment.slotId ||
        shipment.courierId !== tracker.shipment.courierId
      ) {
        tracker.shipment = shipment;
        this.file(tracker);
      }
      const signal: TrackingSignal = {
        entity: trackingSocket.entity,
        op: trackingSocket.op,
        id: tracker.trackingId,
      };
      tracker.ws.send(JSON.stringify(signal));
      // A new slot's courier is not in the order's change: look the shipment up again.
      if (tracker.shipment.slotId && !tracker.shipment.courierId) void this.refresh(tracker);
    }
  }

  get idle(): boolean {
    return this.byKey.size === 0;
  }

  close(): void {
    for (const tracker of this.all) tracker.ws.close(closeCodes.close, 'server closing');
    this.all.clear();
    this.byKey.clear();
  }

  private async refresh(tracker: Tracker): Promise<void> {
    try {
      const shipment = await this.options?.lookup(tracker.trackingId);
      if (!shipment || !this.all.has(tracker)) return;
      tracker.shipment = shipment;
      this.file(tracker);
    } catch (err) {
      this.logger.warn({ err }, 'tracking socket: lookup failed');
    }
  }

  private file(tracker: Tracker): void {
    this.unfile(tracker);
    const { orderId, slotId, courierId } = tracker.shipment;
    tracker.keys = [
      keyOf(CONSIGNMENT_GRID_ENTITY, orderId),
      ...(slotId ? [keyOf(SLOTS_ENTITY, slotId)] : []),
      ...(courierId ? [keyOf(COURIER_LOCATIONS_ENTITY, courierId)] : []),
    ];
    for (const key of tracker.keys) {
      let set = this.byKey.get(key);
      if (!set) this.byKey.set(key, (set = new Set()));
      set.add(tracker);
    }
  }

  private unfile(tracker: Tracker): void {
    for (const key of tracker.keys) {
      const set = this.byKey.get(key);
      set?.delete(tracker);
      if (set?.size === 0) this.byKey.delete(key);
    }
    tracker.keys = [];
  }
}
