import {
  assertWebAppBuilt,
  launchBrowser,
  loopbackTileEnv,
  serveTiles,
} from '../support/browser.js';
import { onLocalSystem, runBench } from './localSystem.js';
import { mapBench, printMap } from './mapBrowser.js';
import { liveBench } from './mapLive.js';
import { printLive } from './mapLiveReport.js';
import { buildMapWorld } from './mapWorld.js';
import { numberArg as arg } from './args.js';

/**
 * `npm run bench:map [-- --consignments N --planned P --units U --loads L --rounds R --live-rounds K --seconds S --per-minute M --live-only --profile --waterfall --keep]`
 *
 * The planner's map and the live view in Chromium (issue 17 §5), on the local PostgreSQL server:
 * one Oslo department-day of N (default 20,000) consignments booked through the command API,
 * spread over the city, U (default 50) couriers with a slot each, started, P (default 2,000) of
 * the consignments planned on them; and an empty department (the floor). Map tiles are served
 * by the browser context itself (1×1 PNGs): nothing leaves the machine. Measured, each beside
 * the same figure of the same page with nothing on it, in the same run (machines are shared and
 * noisy):
 * 1. the map's first render (`/planner/{dep}/map`): navigation start until its marker layer drew
 *    every stop (the layer's `nordlog:map-markers-drawn` User Timing mark), L (default 5) loads
 *    each; target < 1.5 s;
 * 2. pan and zoom: mouse drags (with inertia) and wheel zooms between 10 and 16, R (default 3)
 *    rounds; the renderer main thread's work per frame from a Chromium trace (tasks between two
 *    animation frames) and the frame intervals; target p95 < 16 ms;
 * 3. the live view (`/planner/{dep}/live/{date}`) while M (default 500) position reports a minute
 *    (SET_COURIER_LOCATION as each courier) arrive over the socket, K (default 4) rounds of S
 *    (default 15) s, each followed by S s of the same page with none arriving (where the reports'
 *    garbage is collected, so counted with them), against the empty department's live view (an
 *    empty map; target: no more frames over 16.7 ms than its in as long), and the live view of a
 *    department with as many couriers reporting at the same rate but no consignments, and after
 *    (the same markers moving on an empty map: what moving anything costs the browser, a second
 *    floor). Then what each page's JavaScript allocated during S s of reports (kB a report), and
 *    the heap each keeps alive after a full collection.
 * With `--live-only`, the live view alone (3).
 * With `--waterfall`, one more load of the map prints every request and milestone in time order.
 * With `--profile`, after the measured rounds: one more pan and zoom sequence of each map and S
 * more seconds of reports on the live view are traced, and the renderer's heaviest work printed;
 * and the live view's JavaScript is sampled for S seconds more.
 */
const args = process.argv.slice(2);
const CONSIGNMENTS = arg('--consignments', 20_000);
const PLANNED = arg('--planned', 2_000);
const UNITS = arg('--units', 50);
const LOADS = arg('--loads', 5);
const ROUNDS = arg('--rounds', 3);
const LIVE_ROUNDS = arg('--live-rounds', 4);
const SECONDS = arg('--seconds', 15);
const PER_MINUTE = arg('--per-minute', 500);
const TARGET = { firstRender: 1500, frameWork: 16 };

async function main() {
  assertWebAppBuilt();
  await onLocalSystem(
    'map',
    async (system) => {
      const world = await buildMapWorld(system, {
        consignments: CONSIGNMENTS,
        planned: PLANNED,
        units: UNITS,
      });
      const browser = await launchBrowser([], 'no-preference');
      try {
        console.log(`Chromium ${browser.version()}, viewport 1600 × 1000`);
        const context = await browser.newContext({
          viewport: { width: 1600, height: 1000 },
          locale: 'en-GB',
        });
        const [name, ...value] = world.headers.cookie!.split('=');
        await context.addCookies([{ name: name!, value: value.join('='), url: system.url }]);
        await serveTiles(context);
        const mapMet = args.includes('--live-only')
          ? null
          : printMap(
              world,
              await mapBench(world, context, {
                loads: LOADS,
                rounds: ROUNDS,
                profile: args.includes('--profile'),
                waterfall: args.includes('--waterfall'),
              }),
              TARGET,
            );
        const liveOptions = {
          rounds: LIVE_ROUNDS,
          seconds: SECONDS,
          perMinute: PER_MINUTE,
          profile: args.includes('--profile'),
        };
        const live = await liveBench(world, context, liveOptions);
        const liveMet = printLive(world, live, liveOptions);
        console.log(
          `\nTargets: ${mapMet ? `first render < ${TARGET.firstRender} ms ${mapMet.firstMet ? 'met' : 'NOT met'}; pan/zoom work per frame p95 < ${TARGET.frameWork} ms ${mapMet.panMet ? 'met' : 'NOT met'}; ` : ''}${PER_MINUTE} reports a minute without dropped frames over the floor ${liveMet.met ? 'met' : 'NOT met'} (over the floor of the couriers moving on an empty map: ${liveMet.overMoving ? 'none' : 'some'})`,
        );
      } finally {
        await browser.close();
      }
    },
    { keep: args.includes('--keep'), env: loopbackTileEnv },
  );
}

runBench(main);
