import { openDB, type DBSchema, type IDBPDatabase } from 'idb';
import type { NewReport, Report, ReportStore } from './queue';

/**
 * The courier's data on the phone, in IndexedDB (docs/decisions/0072-courier-offline.md): the
 * reports waiting to be sent, and the last copy of what the page read (the route, its scans, the
 * session it ran with) to start and work without a network.
 */
export interface Copy<T = unknown> {
  value: T;
  savedAt: string;
}

interface CourierDb extends DBSchema {
  reports: { key: number; value: Report; indexes: { byUser: string } };
  copies: { key: string; value: Copy };
}

export const DB_NAME = 'nordlog-courier';

let opening: Promise<IDBPDatabase<CourierDb>> | null = null;

/** The database, opened once per page (`factory` for tests). */
export function courierDb(): Promise<IDBPDatabase<CourierDb>> {
  opening ??= openDB<CourierDb>(DB_NAME, 1, {
    upgrade(db) {
      const reports = db.createObjectStore('reports', { keyPath: 'id', autoIncrement: true });
      reports.createIndex('byUser', 'userId');
      db.createObjectStore('copies');
    },
  }).catch((err: unknown) => {
    opening = null;
    throw err;
  });
  return opening;
}

/** The reports in IndexedDB: the key increases with each report, so it is the order made. */
export function indexedDbReports(
  db: () => Promise<IDBPDatabase<CourierDb>> = courierDb,
): ReportStore {
  return {
    async add(report: NewReport) {
      const d = await db();
      // The key is given by the store; written without it, then read back with it.
      const id = await d.add('reports', report as Report);
      return { ...report, id };
    },
    async list(userId) {
      const d = await db();
      const all = await d.getAllFromIndex('reports', 'byUser', userId);
      return all.sort((a, b) => a.id - b.id);
    },
    async put(report) {
      await (await db()).put('reports', report);
    },
    async remove(id) {
      await (await db()).delete('reports', id);
    },
  };
}

/** Keeps the last copy of `key` (a whole value, replaced). */
export async function saveCopy<T>(key: string, value: T, now = new Date()): Promise<void> {
  await (await courierDb()).put('copies', { value, savedAt: now.toISOString() }, key);
}

export async function readCopy<T>(key: string): Promise<Copy<T> | null> {
  return ((await (await courierDb()).get('copies', key)) as Copy<T> | undefined) ?? null;
}

/** Forgets every copy (a log-out): the waiting reports stay, they are the courier's work. */
export async function forgetCopies(): Promise<void> {
  await (await courierDb()).clear('copies');
}
