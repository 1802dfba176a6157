import { writeFile } from 'node:fs/promises';
import { Session, type Profiler } from 'node:inspector';

/**
 * A CPU profile of this process's main thread over a phase of a benchmark (node:inspector), kept
 * as a `.cpuprofile` file (Chrome's DevTools and most profilers open it) and summarised as the
 * functions with the most self time.
 */
export async function startCpuProfile(): Promise<() => Promise<Profiler.Profile>> {
  const session = new Session();
  session.connect();
  const post = <T>(method: string, params?: object) =>
    new Promise<T>((resolve, reject) =>
      session.post(method, params ?? {}, (err, result) =>
        err ? reject(err) : resolve(result as T),
      ),
    );
  await post('Profiler.enable');
  await post('Profiler.setSamplingInterval', { interval: 500 });
  await post('Profiler.start');
  return async () => {
    const { profile } = await post<{ profile: Profiler.Profile }>('Profiler.stop');
    session.disconnect();
    return profile;
  };
}

/** Writes the profile and prints its top functions by self time (ms and share of the samples). */
export async function reportCpuProfile(
  profile: Profiler.Profile,
  file: string,
  top = 25,
): Promise<void> {
  await writeFile(file, JSON.stringify(profile));
  const interval = (profile.endTime - profile.startTime) / 1000 / (profile.samples?.length || 1);
  const hits = new Map<number, number>();
  for (const id of profile.samples ?? []) hits.set(id, (hits.get(id) ?? 0) + 1);
  const self = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const n = hits.get(node.id) ?? 0;
    if (n === 0) continue;
    const f = node.callFrame;
    const where = f.url
      ? `${f.url.replace(/^.*\/(?=[^/]+\/(src|dist)\/)/, '')}:${f.lineNumber + 1}`
      : '';
    const key = `${f.functionName || '(anonymous)'} ${where}`.trim();
    self.set(key, (self.get(key) ?? 0) + n);
    total += n;
  }
  console.log(
    `  CPU profile of the main thread: ${file} (${(total * interval).toFixed(0)} ms sampled); top ${top} by self time:`,
  );
  for (const [key, n] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top))
    console.log(
      `    ${(n * interval).toFixed(0).padStart(7)} ms ${((100 * n) / total).toFixed(1).padStart(5)} %  ${key}`,
    );
}
