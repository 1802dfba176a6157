import {
  DEPARTMENT_GROUPS_ENTITY,
  expandIdentity,
  socketProtocol,
  splitDepartmentAccess,
  type ChangeMessage,
  type DepartmentGroupRow,
  type Identity,
  type SubscriptionContext,
} from '@nordlog/contracts';
import type { ChangeBus, ChangeRecord, Logger } from '@nordlog/platform';
import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { departmentsOf, type GroupMembers } from '../auth/departmentGroups.js';
import { matches, parseContext } from './context.js';

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
}

const { closeCodes, messages } = socketProtocol;

/**
 * `ws /api/subscribe` (spec §7): context from the query string and from JSON frames; `ping`
 * every 10 s, closed with 3004 when no `pong` came for 30 s; `ok` acknowledges a context; data
 * frames `{entity, op, id, revision, data}` for the changes that match the context.
 */
export class SocketHub {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly clients = new Set<Client>();
  private readonly timer: NodeJS.Timeout;
  private readonly unsubscribe: () => void;

  constructor(private readonly options: HubOptions) {
    const interval = options.pingIntervalMs ?? socketProtocol.pingIntervalMs;
    this.timer = setInterval(() => this.heartbeat(), interval);
    this.timer.unref();
    this.unsubscribe = options.bus.subscribe((changes) => this.broadcast(changes));
  }

  get size(): number {
    return this.clients.size;
  }

  attach(server: Server): void {
    server.on('upgrade', (req, socket, head) => {
      const url = new URL(req.url ?? '/', 'http://localhost');
      if (!url.pathname.endsWith(socketProtocol.path)) return void socket.destroy();
      this.wss.handleUpgrade(req, socket, head, (ws) => void this.accept(ws, req, url));
    });
  }

  private async accept(ws: WebSocket, req: IncomingMessage, url: URL): Promise<void> {
    const identity = await this.options.identify(req).catch((err: unknown) => {
      this.options.logger.error({ err }, 'socket identity lookup failed');
      return null;
    });
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
    };
    this.clients.add(client);
    ws.on('message', (data, isBinary) =>
      this.onMessage(client, isBinary ? '' : Buffer.from(data as Buffer).toString('utf8')),
    );
    ws.on('close', () => this.clients.delete(client));
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

  private heartbeat(): void {
    const staleAfter = this.options.staleAfterMs ?? socketProtocol.staleAfterMs;
    const now = Date.now();
    for (const client of this.clients) {
      if (now - client.lastPong > staleAfter) {
        client.ws.close(closeCodes.noPong, 'no pong');
        this.clients.delete(client);
      } else {
        client.ws.send(messages.ping);
      }
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
  }

  broadcast(changes: ChangeRecord[]): void {
    for (const change of changes) {
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
      for (const client of this.clients) {
        if (!matches(client.context, client.view, change)) continue;
        const message: ChangeMessage = {
          entity: change.entity,
          op: change.op,
          id: change.id,
          revision: change.revision,
          data: change.data,
        };
        client.ws.send(JSON.stringify(message));
      }
    }
  }

  /** Ends every socket whose user matches (logout, session end): `login`, then 3001. */
  logout(userId: string): void {
    for (const client of this.clients) {
      if (client.identity.userId !== userId) continue;
      client.ws.send(messages.login);
      client.ws.close(closeCodes.login, 'login');
      this.clients.delete(client);
    }
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    this.unsubscribe();
    for (const client of this.clients) client.ws.close(closeCodes.close, 'server closing');
    this.clients.clear();
    await new Promise<void>((resolve) => this.wss.close(() => resolve()));
  }
}
