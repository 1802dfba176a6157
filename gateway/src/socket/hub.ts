import {
  socketProtocol,
  type ChangeMessage,
  type Identity,
  type SubscriptionContext,
} from '@nordlog/contracts';
import type { ChangeBus, ChangeRecord, Logger } from '@nordlog/platform';
import type { IncomingMessage, Server } from 'node:http';
import { WebSocketServer, type WebSocket } from 'ws';
import { matches, parseContext } from './context.js';

export interface HubOptions {
  bus: ChangeBus;
  logger: Logger;
  /** Who the caller is; null when not logged in (the socket then gets `login` and 3001). */
  identify: (req: IncomingMessage) => Promise<Identity | null>;
  today: () => string;
  pingIntervalMs?: number;
  staleAfterMs?: number;
}

interface Client {
  ws: WebSocket;
  identity: Identity;
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
    const client: Client = { ws, identity, context, lastPong: Date.now() };
    this.clients.add(client);
    ws.on('message', (data, isBinary) =>
      this.onMessage(client, isBinary ? '' : Buffer.from(data as Buffer).toString('utf8')),
    );
    ws.on('close', () => this.clients.delete(client));
    ws.on('error', (err) => this.options.logger.debug({ err }, 'socket error'));
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

  broadcast(changes: ChangeRecord[]): void {
    for (const client of this.clients) {
      for (const change of changes) {
        if (!matches(client.context, client.identity, change)) continue;
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
