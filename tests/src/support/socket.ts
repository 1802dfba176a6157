import WebSocket from 'ws';

export interface TestSocket {
  received: any[];
  closed: Promise<number>;
  /** Resolves with the first message (past or future) that satisfies `match`. */
  next(match: (m: any) => boolean, timeoutMs?: number): Promise<any>;
  send(text: string): void;
  isOpen(): boolean;
  close(): void;
}

/** A client of `ws /api/subscribe` that records every frame (JSON parsed) and answers pings. */
export async function connectSocket(
  baseUrl: string,
  query: string,
  options: {
    answerPings?: boolean;
    cookie?: string;
    /** Called as each frame arrives (a timing client needs no polling). */
    onMessage?: (message: any) => void;
  } = {},
): Promise<TestSocket> {
  const ws = new WebSocket(`${baseUrl.replace(/^http/, 'ws')}/api/subscribe?${query}`, {
    headers: options.cookie ? { cookie: options.cookie } : {},
  });
  const received: unknown[] = [];
  const waiters: { match: (m: unknown) => boolean; resolve: (m: unknown) => void }[] = [];
  ws.on('message', (data) => {
    const text = Buffer.from(data as Buffer).toString('utf8');
    let message: unknown = text;
    if (text.startsWith('{')) message = JSON.parse(text);
    received.push(message);
    options.onMessage?.(message);
    if (text === 'ping' && options.answerPings !== false) ws.send('pong');
    for (const w of [...waiters])
      if (w.match(message)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve(message);
      }
  });
  const closed = new Promise<number>((resolve) => ws.on('close', (code) => resolve(code)));
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  return {
    received,
    closed,
    next: (match, timeoutMs = 5000) => {
      const seen = received.find(match);
      if (seen !== undefined) return Promise.resolve(seen);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `no matching socket message within ${timeoutMs} ms; got ${JSON.stringify(received).slice(0, 500)}`,
              ),
            ),
          timeoutMs,
        );
        waiters.push({
          match,
          resolve: (m) => {
            clearTimeout(timer);
            resolve(m);
          },
        });
      });
    },
    send: (text) => ws.send(text),
    isOpen: () => ws.readyState === WebSocket.OPEN,
    close: () => ws.close(),
  };
}
