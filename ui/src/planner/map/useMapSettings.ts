import { useCallback, useMemo, useState } from 'react';
import { readSettings, settingsKey, writeSettings, type MapSettings } from './settings';

const read = (key: string): string | null => {
  try {
    return localStorage.getItem(key);
  } catch {
    return null;
  }
};

/**
 * The user's map settings for a department (spec §2), kept in the browser under the user's key.
 * A new position is stored without drawing the page again (the map is already there); a new
 * autoPan choice is drawn.
 */
export function useMapSettings(
  userId: string,
  departmentId: string,
  country: string | null | undefined,
) {
  const key = settingsKey(userId);
  const [version, setVersion] = useState(0);
  const settings = useMemo(
    () => readSettings(read(key), departmentId, country),
    // `version`: the store changed since (it is read, not held in state).
    [key, departmentId, country, version],
  );
  const update = useCallback(
    (change: Partial<MapSettings>) => {
      try {
        localStorage.setItem(key, writeSettings(read(key), departmentId, change));
      } catch {
        // A full or refused store: the settings last for this page only.
      }
      if (change.autoPan !== undefined) setVersion((v) => v + 1);
    },
    [key, departmentId],
  );
  return { settings, update };
}
