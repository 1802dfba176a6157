import {
  DEPARTMENT_GROUPS_ENTITY,
  trackingSocket,
  entityAccess,
  expandIdentity,
  isEntityName,
  socketProtocol,
  splitDepartmentAccess,
  type ChangeMessage,
  type DepartmentGroupRow,
  type Identity,
  type RowRule,
  type SubscriptionContext,
} from '@nordlog/contracts';
import {
  dataJsonOf,
  type ChangeBus,
  type ChangeRecord,
  type Logger,
  type Metrics,
} from '@nordlog/platform';
import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { departmentsOf, type GroupMembers } from '../auth/departmentGroups.js';
import { matches, parseContext } from './context.js';
import { TrackingSockets, type TrackingOptions } from './trackers.js';

/**
 * A change as the socket's data message (`ChangeMessage`) in JSON: the row's data spliced in as
 * the outbox's own text where the change bus read it so, never parsed only to be written again.
 */
export function changeMessageJson(change: ChangeRecord): string {
  const head = { entity: change.entity, op: change.op, id: change.id, revision: change.revision };
  const dataJson = dataJsonOf(change);
  if (dataJson === undefined)
    return JSON.stringify({ ...head, data: change.data } satisfies ChangeMessage);
  return `${JSON.stringify(head).slice(0, -1)},"data":${dataJson}}`;
}

export interface HubOptions {
  bus: ChangeBus;
  logger: Logger;
  /** Who the caller is; null when not logged in (the socket then gets `login` and 3001). */
  identify: (req: IncomingMessage) => Promise<Identity | null>;
  today: () => string;
  /** Current members of department groups (`group_{n}` in access lists); none without it. */
  groups?: { members(groupIds: readonly string[]): Promise<Map<string, GroupMembers>> };
  pingIntervalMs?: number;
  staleAfterMs?: number;
  /** Reports `nordlog_sockets_open` and `nordlog_socket_messages_sent_total` (change frames). */
  metrics?: Pick<Metrics, 'trackSockets' | 'countSocketMessages'>;
  /**
   * The public tracking page's sockets (`?tracking={id}`, no session; docs/decisions/0028):
   * `lookup` finds the shipment of a key, `admits` limits upgrades per address. Without it such
   * sockets are refused.
   */
  tracking?: TrackingOptions;
}

interface Client {
  ws: WebSocket;
  /** As the session gave it: department access may hold `group_{n}`. */
  identity: Identity;
  /** The groups of its access with their members, kept current from the change bus. */
  groups: Map<string, GroupMembers>;
  /** `identity` with the groups expanded: what the filter uses. */
  view: Identity;
  context: SubscriptionContext;
  lastPong: number;
  /** The departments `view` sees, as indexed (`'*'`: all). */
  indexed: readonly string[] | '*';
}

/** Rules under which a row reaches only readers of one of its departments (contracts). */
const DEPARTMENT_BOUND: ReadonlySet<RowRule> = new Set([
  'department',
  'departmentAndCustomer',
  'anyDepartment',
  'everyDepartment',
]);
/** Changes fanned out before the hub lets other work run (pongs, new sockets, requests). */
const CHANGES_PER_TURN = 20;
/** Changes queued in the hub before the change bus waits for it to catch up. */
const QUEUE_HIGH_WATER = 2000;
/** Sockets pinged before the heartbeat lets other work run. */
const SOCKETS_PER_TURN = 250;
const PING = Buffer.from(socketProtocol.messages.ping);

const { closeCodes, messages } = socketProtocol;

/**
 * `ws /api/subscribe` (spec §7): context from the query string and from JSON frames; `ping`
 * every 10 s, closed with 3004 when no `pong` came for 30 s; `ok` acknowledges a context; data
 * frames `{entity, op, id, revision, data}` for the changes that match the context.
 */
export class SocketHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly clients = new Set<Client>();
  /**
   * Who may be sent a change of a department: the clients whose view sees it, and those that
   * see every department. Only narrows the candidates; `matches` decides (docs/decisions/0018).
   */
  private readonly byDepartment = new Map<string, Set<Client>>();
  private readonly everywhere = new Set<Client>();
  private readonly trackers: TrackingSockets;
  /** Changes taken from the bus and not fanned out yet, in order. */
  private readonly queue: ChangeRecord[] = [];
  private draining: Promise<void> | null = null;
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;
  private readonly untrack: () => void;

  constructor(private readonly options: HubOptions) {
    this.trackers = new TrackingSockets(options.tracking, options.logger);
    const interval = options.pingIntervalMs ?? socketProtocol.pingIntervalMs;
    this.timer = setInterval(() => void this.heartbeat(), interval);
    this.timer.unref();
    this.unsubscribe = options.bus.subscribe((changes) => this.broadcast(changes));
    // Read at each scrape, so the gauge cannot drift from the clients actually listed.
    this.untrack = options.metrics?.trackSockets(() => this.size) ?? (() => undefined);
  }

  get size(): number {
    return this.clients.size + this.trackers.all.size;
  }

  attach(server: Server): void {
    server.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!url.pathname.endsWith(socketProtocol.path)) return void socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => void this.accept(ws, req, url));
    });
  }

  private async accept(ws: WebSocket, req: IncomingMessage, url: URL): Promise<void> {
    // A tracking page's socket is public and follows one shipment, whoever opens it.
    if (url.searchParams.has(trackingSocket.param))
      return this.trackers.accept(ws, req, url.searchParams.get(trackingSocket.param) ?? '');
    let identity: Identity | null;
    try {
      identity = await this.options.identify(req);
    } catch (err) {
      // The session could not be looked up (the database is away): not a logout. The client
      // reconnects after its pause and is let in once the database is back.
      this.options.logger.warn({ err }, 'socket identity lookup failed');
      return void ws.close(closeCodes.error, 'unavailable');
    }
    if (!identity) {
      ws.send(messages.login);
      return void ws.close(closeCodes.login, 'login');
    }
    let context: SubscriptionContext;
    try {
      context = parseContext(url.searchParams, this.options.today());
    } catch (err) {
      this.options.logger.warn({ err }, 'socket refused: bad context in the query string');
      return void ws.close(closeCodes.error, 'bad context');
    }
    // Groups start empty (nothing of theirs is sent) and are loaded after the client is listed, so
    // a membership change committed meanwhile still reaches it; the newer revision wins.
    const groupIds =
      identity.departmentIds === '*' ? [] : splitDepartmentAccess(identity.departmentIds).groupIds;
    const groups = new Map(groupIds.map((id) => [id, { revision: -1, departmentIds: [] }]));
    const client: Client = {
      ws,
      identity,
      groups,
      view: expandIdentity(identity, departmentsOf(groups)),
      context,
      lastPong: Date.now(),
      indexed: [],
    };
    this.clients.add(client);
    this.index(client);
    ws.on('message', (data, isBinary) =>
      this.onMessage(client, isBinary ? '' : Buffer.from(data as Buffer).toString('utf8')),
    );
    ws.on('close', () => this.remove(client));
    ws.on('error', (err) => this.options.logger.debug({ err }, 'socket error'));
    if (groupIds.length > 0 && this.options.groups) {
      try {
        const loaded = await this.options.groups.members(groupIds);
        for (const [id, members] of loaded) this.updateGroup(client, id, members);
      } catch (err) {
        this.options.logger.error({ err }, 'socket: loading department groups failed');
      }
    }
  }

  private onMessage(client: Client, text: string): void {
    client.lastPong = Date.now();
    if (text === messages.pong) return;
    try {
      client.context = parseContext(JSON.parse(text), this.options.today());
      client.ws.send(messages.ok);
    } catch (err) {
      // A bad frame keeps the previous context; the client is not cut off for it.
      this.options.logger.warn(
        { err },
        'socket sent a frame that is neither pong nor a valid context',
      );
    }
  }

  /**
   * Pings every socket and closes those that stopped answering, a slice of sockets per turn of the
   * event loop: thousands of pings at once would hold up the changes waiting behind them.
   */
  private async heartbeat(): Promise<void> {
    const staleAfter = this.options.staleAfterMs ?? socketProtocol.staleAfterMs;
    const now = Date.now();
    let sent = 0;
    // Both kinds of socket: the session's and the tracking page's.
    const sockets: {
      ws: WebSocket;
      lastPong: () => number;
      listed: () => boolean;
      drop: () => void;
    }[] = [
      ...[...this.clients].map((c) => ({
        ws: c.ws,
        lastPong: () => c.lastPong,
        listed: () => this.clients.has(c),
        drop: () => this.remove(c),
      })),
      ...[...this.trackers.all].map((t) => ({
        ws: t.ws,
        lastPong: () => t.lastPong,
        listed: () => this.trackers.all.has(t),
        drop: () => this.trackers.remove(t),
      })),
    ];
    for (const socket of sockets) {
      if (!socket.listed()) continue;
      if (now - socket.lastPong() > staleAfter) {
        socket.ws.close(closeCodes.noPong, 'no pong');
        socket.drop();
      } else {
        socket.ws.send(PING, { binary: false });
      }
      if (++sent % SOCKETS_PER_TURN === 0) await new Promise((resolve) => setImmediate(resolve));
    }
  }

  /**
   * Takes a group's members when they are newer than what the client has. A row that changed its
   * members is published as a delete (its old scope) and an upsert of the same revision: the
   * upsert of a revision wins over its delete.
   */
  private updateGroup(
    client: Client,
    groupId: string,
    members: GroupMembers,
    op: 'upsert' | 'delete' = 'upsert',
  ): void {
    const known = client.groups.get(groupId);
    if (!known) return;
    if (op === 'delete' ? members.revision <= known.revision : members.revision < known.revision)
      return;
    client.groups.set(groupId, members);
    client.view = expandIdentity(client.identity, departmentsOf(client.groups));
    this.index(client);
  }

  /** Files the client under the departments its view sees (again after the view changed). */
  private index(client: Client): void {
    this.unindex(client);
    const departments = client.view.departmentIds;
    client.indexed = departments === '*' ? '*' : [...departments];
    if (departments === '*') return void this.everywhere.add(client);
    for (const id of departments) {
      let set = this.byDepartment.get(id);
      if (!set) this.byDepartment.set(id, (set = new Set()));
      set.add(client);
    }
  }

  private unindex(client: Client): void {
    if (client.indexed === '*') return void this.everywhere.delete(client);
    for (const id of client.indexed) {
      const set = this.byDepartment.get(id);
      set?.delete(client);
      if (set?.size === 0) this.byDepartment.delete(id);
    }
  }

  private remove(client: Client): void {
    this.clients.delete(client);
    this.unindex(client);
  }

  /**
   * The clients a change may reach: for a row bound to its departments, the clients that see one
   * of them (or every department); for anything else (a row of no department, reference data
   * such as roles and holidays) every client.
   */
  private candidates(change: ChangeRecord): Iterable<Client> {
    if (!isEntityName(change.entity)) return [];
    if (!DEPARTMENT_BOUND.has(entityAccess[change.entity].rule)) return this.clients;
    const { departmentId, departmentIds } = change.scope;
    if (departmentIds === null) {
      if (departmentId === null) return this.clients;
      // The common case, a row of one department: its clients as they are, when no client sees
      // every department (nothing to merge, nothing to copy).
      const clients = this.byDepartment.get(departmentId);
      if (this.everywhere.size === 0) return clients ?? [];
      if (!clients) return this.everywhere;
    }
    const departments = departmentIds ?? [departmentId!];
    const found = new Set(this.everywhere);
    for (const id of departments) for (const c of this.byDepartment.get(id) ?? []) found.add(c);
    return found;
  }

  /**
   * Takes a batch of changes to fan out, in order, a few changes per turn of the event loop (so a
   * large batch does not stall pongs, new sockets and requests). The change bus may read its next
   * batch meanwhile; it waits only while more than QUEUE_HIGH_WATER changes are queued.
   */
  broadcast(changes: ChangeRecord[]): Promise<void> | undefined {
    for (const change of changes) this.queue.push(change);
    this.drain();
    return this.queue.length > QUEUE_HIGH_WATER ? (this.draining ?? undefined) : undefined;
  }

  /** Fans the queue out unless that is under way already; `draining` is null once it is empty. */
  private drain(): void {
    if (this.draining) return;
    let done!: () => void;
    this.draining = new Promise<void>((resolve) => (done = resolve));
    void (async () => {
      while (this.queue.length > 0) {
        for (const change of this.queue.splice(0, CHANGES_PER_TURN)) {
          try {
            this.deliver(change);
          } catch (err) {
            // One change that cannot be sent must not stop the ones behind it.
            this.options.logger.error(
              { err, entity: change.entity, id: change.id },
              'fan-out failed',
            );
          }
        }
        if (this.queue.length > 0) await new Promise((resolve) => setImmediate(resolve));
      }
      // No await between the last look at the queue and this: nothing queued is left behind.
      this.draining = null;
      done();
    })();
  }

  private deliver(change: ChangeRecord): void {
    if (change.entity === DEPARTMENT_GROUPS_ENTITY) {
      // A membership change applies to the sockets of users with that group, at once.
      const departmentIds =
        change.op === 'delete' ? [] : (change.data as DepartmentGroupRow).departmentIds;
      for (const client of this.clients)
        this.updateGroup(
          client,
          change.id,
          { revision: change.revision, departmentIds },
          change.op,
        );
    }
    // One frame per change, encoded once (a string would be encoded again for every socket).
    let frame: Buffer | null = null;
    let sent = 0;
    for (const client of this.candidates(change)) {
      if (!matches(client.context, client.view, change)) continue;
      frame ??= Buffer.from(changeMessageJson(change));
      client.ws.send(frame, { binary: false });
      sent++;
    }
    if (sent > 0) this.options.metrics?.countSocketMessages(sent);
    if (!this.trackers.idle) this.trackers.signal(change);
  }

  /** Ends every socket whose user matches (logout, session end): `login`, then 3001. */
  logout(userId: string): void {
    for (const client of this.clients) {
      if (client.identity.userId !== userId) continue;
      client.ws.send(messages.login);
      client.ws.close(closeCodes.login, 'login');
      this.remove(client);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.unsubscribe();
    this.untrack();
    for (const client of this.clients) client.ws.close(closeCodes.close, 'server closing');
    this.trackers.close();
    this.clients.clear();
    this.byDepartment.clear();
    this.everywhere.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
