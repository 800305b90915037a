/**
 * Reads and writes of browser storage for both apps. Storage can throw (private mode, disabled
 * cookies, a full quota): the app then works without memory, so every failure is swallowed here.
 * Each app keeps its own keys (apps/web/src/lib/storage.ts, apps/admin/src/lib/storage.ts).
 */
export const localStore = () => window.localStorage;
export const sessionStore = () => window.sessionStorage;

export function readStored(storage: () => Storage, key: string): string | null {
  try {
    return storage().getItem(key);
  } catch {
    return null;
  }
}

/** Writes a value; null removes the key. */
export function writeStored(storage: () => Storage, key: string, value: string | null): void {
  try {
    if (value === null) storage().removeItem(key);
    else storage().setItem(key, value);
  } catch {
    // Nothing to do: the value simply is not remembered.
  }
}
