import type { CDPSession } from 'playwright-core';

/**
 * A function's share of what a page allocated: where it allocated, the two functions that called
 * it (a built-in such as `keys` says little alone), and how many bytes.
 */
export interface Allocator {
  name: string;
  at: string;
  via: string;
  bytes: number;
}

/** What a page's JavaScript allocated while `work` ran, in all and by allocating function. */
export interface Allocation {
  bytes: number;
  /** Heaviest first. */
  by: Allocator[];
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/**
 * Everything the page's JavaScript allocated while `work` ran, what was collected since included:
 * V8's sampling heap profiler (one sample each 32 kB on average, scaled back to bytes by V8) with
 * the objects that minor and major collections freed kept in the profile. What a page allocates
 * is what its collector must later find and free (a major collection lands in frames after the
 * work that made the garbage), and unlike time it does not depend on how fast or busy the
 * machine is.
 */
export async function allocatedDuring(
  session: CDPSession,
  work: () => Promise<void>,
): Promise<Allocation> {
  await session.send('HeapProfiler.enable');
  await session.send('HeapProfiler.startSampling', {
    samplingInterval: 32_768,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: true,
  });
  let head: SamplingNode;
  try {
    await work();
  } finally {
    ({
      profile: { head },
    } = (await session.send('HeapProfiler.stopSampling')) as unknown as {
      profile: { head: SamplingNode };
    });
    await session.send('HeapProfiler.disable');
  }
  const by = new Map<string, Allocator>();
  let bytes = 0;
  const where = (node: SamplingNode) => {
    const { functionName, url, lineNumber, columnNumber } = node.callFrame;
    const file = url.split('/').pop() ?? '';
    return {
      name: functionName || '(anonymous)',
      at: file ? `${file}:${lineNumber + 1}:${columnNumber + 1}` : '',
    };
  };
  const label = (node: SamplingNode | undefined) => {
    if (!node) return '';
    const { name, at } = where(node);
    return at ? `${name} (${at})` : name;
  };
  const visit = (node: SamplingNode, callers: SamplingNode[]) => {
    if (node.selfSize > 0) {
      const { name, at } = where(node);
      const via = [callers.at(-1), callers.at(-2)].map(label).filter(Boolean).join(' ← ');
      const key = `${name}\u0000${at}\u0000${via}`;
      const entry = by.get(key) ?? { name, at, via, bytes: 0 };
      entry.bytes += node.selfSize;
      by.set(key, entry);
      bytes += node.selfSize;
    }
    for (const child of node.children) visit(child, [...callers, node]);
  };
  visit(head, []);
  return { bytes, by: [...by.values()].sort((a, b) => b.bytes - a.bytes) };
}

/**
 * The page's JavaScript heap in use after a full collection (bytes): what it keeps alive, which a
 * major collection must mark each time it runs.
 */
export async function liveHeap(session: CDPSession): Promise<number> {
  await session.send('HeapProfiler.enable');
  try {
    await session.send('HeapProfiler.collectGarbage');
  } finally {
    await session.send('HeapProfiler.disable');
  }
  return (await session.send('Runtime.getHeapUsage')).usedSize;
}
