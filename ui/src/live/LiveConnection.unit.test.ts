import { describe, expect, it } from '@jest/globals';
import {
  LiveConnection,
  liveConnectionWanted,
  subscribeQuery,
  type LiveContext,
  type SocketLike,
} from './LiveConnection';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: string[] = [];
  closedWith: number[] = [];
  onopen: ((ev: unknown) => void) | null = null;
  onclose: ((ev: { code: number }) => void) | null = null;
  onerror: ((ev: unknown) => void) | null = null;
  onmessage: ((ev: { data: unknown }) => void) | null = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(data);
  }
  close(code = 1000) {
    this.closedWith.push(code);
    this.readyState = 3;
  }
  open() {
    this.readyState = 1;
    this.onopen?.({});
  }
  /** The server or the network ends it. */
  drop(code = 1006) {
    this.readyState = 3;
    this.onclose?.({ code });
  }
  receive(data: string) {
    this.onmessage?.({ data });
  }
}

/** Timers under the test's control. */
class Clock {
  now = 0;
  private timers: { at: number; fn: () => void; every?: number; id: number }[] = [];
  private next = 1;
  setTimeout = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.timers.push({ at: this.now + ms, fn, id });
    return id;
  };
  setInterval = (fn: () => void, ms: number) => {
    const id = this.next++;
    this.timers.push({ at: this.now + ms, fn, every: ms, id });
    return id;
  };
  clear = (id: unknown) => {
    this.timers = this.timers.filter((t) => t.id !== id);
  };
  advance(ms: number) {
    const end = this.now + ms;
    for (;;) {
      const due = this.timers.filter((t) => t.at <= end).sort((a, b) => a.at - b.at)[0];
      if (!due) break;
      this.now = due.at;
      if (due.every) due.at += due.every;
      else this.clear(due.id);
      due.fn();
    }
    this.now = end;
  }
}

const context = (departmentIds: string[] = ['1']): LiveContext => ({
  dates: ['2026-11-22'],
  departmentIds,
  customerIds: [],
  contexts: ['NONE'],
  types: [],
  filters: [],
  consignmentStates: [],
});

function setup() {
  const clock = new Clock();
  const sockets: FakeSocket[] = [];
  const data: unknown[] = [];
  const notices: boolean[] = [];
  let logins = 0;
  const live = new LiveConnection(
    {
      url: (c) => `ws://host/api/subscribe?${subscribeQuery(c)}`,
      createSocket: (url) => {
        const s = new FakeSocket(url);
        sockets.push(s);
        return s;
      },
      onData: (m) => data.push(m),
      onLogin: () => logins++,
      onNetworkError: (failing) => notices.push(failing),
      now: () => clock.now,
      setTimeout: clock.setTimeout,
      clearTimeout: clock.clear,
      setInterval: clock.setInterval,
      clearInterval: clock.clear,
    },
    context(),
  );
  return { clock, sockets, data, notices, live, logins: () => logins };
}

describe('live connection (spec §4, §7)', () => {
  it('S7-CALL-040 S3-ENT-062: the query string repeats keys for lists', () => {
    expect(subscribeQuery(context(['1', 'group_2']))).toBe(
      'dates=2026-11-22&departmentIds=1&departmentIds=group_2&contexts=NONE',
    );
  });

  it('S4-BEH-018 S4-BEH-019 S7-CALL-041: sends the context when it opens and whenever it changes', () => {
    const { sockets, live } = setup();
    live.start();
    const s = sockets[0]!;
    s.open();
    expect(JSON.parse(s.sent[0]!)).toEqual(context());
    live.setContext(context(['2']));
    expect(JSON.parse(s.sent[1]!)).toEqual(context(['2']));
    live.setContext(context(['2']));
    expect(s.sent).toHaveLength(2);
  });

  it('S4-BEH-022 S7-CALL-042: answers ping with pong and passes data messages on', () => {
    const { sockets, live, data } = setup();
    live.start();
    sockets[0]!.open();
    sockets[0]!.receive('ping');
    expect(sockets[0]!.sent.at(-1)).toBe('pong');
    sockets[0]!.receive('{"entity":"departments","op":"upsert","id":"1","revision":2,"data":{}}');
    expect(data).toEqual([{ entity: 'departments', op: 'upsert', id: '1', revision: 2, data: {} }]);
  });

  it('S4-BEH-020: re-opens 2 s after a close', () => {
    const { clock, sockets, live } = setup();
    live.start();
    sockets[0]!.open();
    sockets[0]!.drop();
    clock.advance(1999);
    expect(sockets).toHaveLength(1);
    clock.advance(1);
    expect(sockets).toHaveLength(2);
  });

  it('S4-BEH-023 S4-BEH-024 S7-CALL-047: closes with 3004 after 30 s without a ping, and reconnects; ok refreshes liveness', () => {
    const { clock, sockets, live } = setup();
    live.start();
    sockets[0]!.open();
    clock.advance(20_000);
    sockets[0]!.receive('ok');
    clock.advance(20_000);
    expect(sockets[0]!.closedWith).toEqual([]);
    clock.advance(20_000);
    expect(sockets[0]!.closedWith).toEqual([3004]);
    clock.advance(2_000);
    expect(sockets).toHaveLength(2);
  });

  it('S4-BEH-025 S4-BEH-026: the first 3 consecutive failures are silent; the 4th shows the notice until it opens', () => {
    const { clock, sockets, live, notices } = setup();
    live.start();
    sockets[0]!.open();
    for (let i = 0; i < 3; i++) {
      sockets.at(-1)!.drop();
      clock.advance(2_000);
    }
    expect(notices).toEqual([]);
    expect(live.failureCount).toBe(3);
    sockets.at(-1)!.drop();
    expect(notices).toEqual([true]);
    clock.advance(2_000);
    sockets.at(-1)!.drop();
    expect(notices).toEqual([true]);
    clock.advance(2_000);
    sockets.at(-1)!.open();
    expect(notices).toEqual([true, false]);
    expect(live.failureCount).toBe(0);
  });

  it('S4-BEH-021: login closes the connection for good and goes to the start page', () => {
    const { clock, sockets, live, logins } = setup();
    live.start();
    sockets[0]!.open();
    sockets[0]!.receive('login');
    expect(logins()).toBe(1);
    expect(sockets[0]!.closedWith).toContain(3001);
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
  });

  it('S4-BEH-015 S4-BEH-016: wanted only with a role and no e-mail or password completion', () => {
    expect(liveConnectionWanted({ role: 'PLANNER' })).toBe(true);
    expect(
      liveConnectionWanted({ role: 'PLANNER', requiresEmail: false, requiresPwd: false }),
    ).toBe(true);
    expect(liveConnectionWanted({ role: null })).toBe(false);
    expect(liveConnectionWanted({})).toBe(false);
    expect(liveConnectionWanted({ role: 'PLANNER', requiresEmail: true })).toBe(false);
    expect(liveConnectionWanted({ role: 'ADMIN', requiresPwd: true })).toBe(false);
  });

  it('S4-BEH-017: stop ends it and nothing reconnects', () => {
    const { clock, sockets, live } = setup();
    live.start();
    sockets[0]!.open();
    live.stop();
    clock.advance(60_000);
    expect(sockets).toHaveLength(1);
  });
});
