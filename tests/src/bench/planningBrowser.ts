import { assertWebAppBuilt, launchBrowser } from '../support/browser.js';
import {
  bareScreen,
  drawn,
  firstRenders,
  printFirstRenders,
  withComparison,
  type Phases,
  type Screen,
} from './bareReact.js';
import type { PlanningWorld } from './planning.js';
import { fmt, percentile } from './stats.js';

/**
 * The planning board in Chromium: its first render (navigation until every slot card and the
 * first slot's stops are drawn), the shipments page and the live view of the same department-day,
 * each against a bare React page served by the same gateway and loaded the same way in the same
 * run (bareReact.ts; issue 37 §5: < 1 s p95 and ≤ 2 × the bare page); and a consignment planned in one browser (the command the board sends)
 * until a second browser's board shows its stop, against the command's own answer time.
 */
export async function planningBrowserBench(
  world: PlanningWorld,
  options: { samples: number; target: { firstRender: number; dragShown: number } },
): Promise<void> {
  assertWebAppBuilt();
  const { system, department, date, headers } = world;
  const browser = await launchBrowser([], 'no-preference');
  try {
    const context = await browser.newContext({ viewport: { width: 1600, height: 1000 } });
    const [name, ...value] = headers.cookie!.split('=');
    await context.addCookies([{ name: name!, value: value.join('='), url: system.url }]);
    const page = await context.newPage();
    // No request interception (it turns the browser's cache off): the tiles' loopback address
    // refuses at once (loopbackTileEnv), and no figure waits for a tile.
    const board = `${system.url}/planner/${department}/planning/${date}`;
    const shipments = `${system.url}/planner/${department}/shipments/all/${date}/${date}`;
    const live = `${system.url}/planner/${department}/live/${date}`;
    const firstStop = `[data-slot-id="${world.slots[0]}"] [data-testid=stop], [data-testid=slot-card] [data-testid=stop]`;
    const boardReady = drawn(
      { css: '[data-testid=slot-card]', nth: world.slots.length - 1, attached: true },
      { css: firstStop },
    );
    // The floor: the same page for a day without slots or consignments (the app and the board
    // with nothing to draw), until it says so.
    const emptyDay = new Date(Date.parse(`${date}T12:00:00Z`) + 60 * 86_400_000)
      .toISOString()
      .slice(0, 10);
    const screens: Screen[] = withComparison([
      bareScreen(system.url),
      {
        label: 'shipments page of the day loaded',
        url: shipments,
        ready: drawn({ css: '[role=row][aria-rowindex]', nth: 5 }),
      },
      {
        label: 'the board of a day with nothing on it',
        url: `${system.url}/planner/${department}/planning/${emptyDay}`,
        ready: drawn({ css: '[data-testid=slots-none]' }),
      },
      { label: 'planning board first render', url: board, ready: boardReady },
      {
        label: 'live view: every slot listed',
        url: live,
        ready: drawn({
          css: '[data-testid=live-slot]',
          nth: world.slots.length - 1,
          attached: true,
        }),
      },
    ]);
    const rounds = Math.max(5, Math.min(15, options.samples));
    const phases: Phases[][] = [];
    const times = await firstRenders(page, screens, rounds, phases);
    // This build's pages (with BENCH_UI_COMPARE, each page comes twice: this build's first).
    const own = (k: number) => times[screens.length > 5 ? 2 * k - 1 : k]!;
    const [gridTimes, emptyTimes, boardTimes] = [own(1), own(2), own(3)];

    // Two planners: one plans (the board's command), the other's board shows it.
    const watcher = await context.newPage();
    // When the watcher's socket receives a frame naming a consignment (the change's arrival).
    const frames = new Map<string, number>();
    watcher.on('websocket', (ws) =>
      ws.on('framereceived', ({ payload }) => {
        const text = typeof payload === 'string' ? payload : payload.toString('utf8');
        let parsed: unknown;
        try {
          parsed = JSON.parse(text);
        } catch {
          return;
        }
        for (const m of [parsed].flat() as { entity?: string; id?: unknown }[])
          if (m?.entity === 'consignments' && !frames.has(String(m.id)))
            frames.set(String(m.id), Date.now());
      }),
    );
    await watcher.goto(board);
    await boardReady(watcher);
    const slotId = world.slots[0]!;
    const shown: number[] = [];
    const answered: number[] = [];
    const onSocket: number[] = [];
    // The second half of the unplanned consignments (the server part planned from the first).
    const spare = world.unplanned.slice(Math.floor(world.unplanned.length / 2));
    const n = Math.min(options.samples, spare.length);
    for (let i = 0; i < n; i++) {
      const id = spare[i]!;
      // Resolves with the page's clock when the stop is drawn (a MutationObserver, no polling).
      const key = JSON.stringify(`[data-stop-key="${id}:delivery"]`);
      const appeared = watcher.evaluate<number>(`new Promise((resolve) => {
        const found = () => document.querySelector(${key}) !== null;
        if (found()) return resolve(Date.now());
        const observer = new MutationObserver(() => {
          if (!found()) return;
          observer.disconnect();
          resolve(Date.now());
        });
        observer.observe(document.body, { subtree: true, childList: true, attributes: true });
      })`);
      const sent = Date.now();
      const res = await fetch(`${system.url}/api/command/UPDATE_CONSIGNMENT_SLOT`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({
          type: 'UPDATE_CONSIGNMENT_SLOT',
          payload: { consignmentIds: [id], slotId, force: true },
        }),
      });
      if (!res.ok) throw new Error(`UPDATE_CONSIGNMENT_SLOT: ${res.status} ${await res.text()}`);
      answered.push(Date.now() - sent);
      shown.push((await appeared) - sent);
      const frame = frames.get(id);
      if (frame !== undefined) onSocket.push(frame - sent);
    }
    const row = (label: string, xs: number[], base: number[] | null, target?: number) => {
      const p95 = percentile(xs, 95);
      const ratio = base ? `  ratio p95 ${fmt(p95 / percentile(base, 95), 1)}` : '';
      const goal =
        target === undefined
          ? ''
          : `  (target < ${target} ms: ${p95 < target ? 'met' : 'NOT met'})`;
      console.log(
        `  ${label.padEnd(44)} p50 ${fmt(percentile(xs, 50)).padStart(6)} ms  p95 ${fmt(p95).padStart(6)} ms${ratio}${goal}`,
      );
    };
    console.log(
      `\nBrowser (Chromium, ${world.slots.length} slots on the board), first renders, cache warm:`,
    );
    printFirstRenders(screens, times, { ms: options.target.firstRender, ratio: 2 }, phases);
    row('  board, as a ratio to the shipments page', boardTimes, gridTimes);
    console.log(
      `  board first render p95 / empty board p95: ${fmt(percentile(boardTimes, 95) / percentile(emptyTimes, 95), 2)}`,
    );
    row('baseline: the command answered', answered, null);
    if (onSocket.length > 0) row('  of which: until its row is on the socket', onSocket, answered);
    row('planned in one browser, shown in a second', shown, answered, options.target.dragShown);
  } finally {
    await browser.close();
  }
}
