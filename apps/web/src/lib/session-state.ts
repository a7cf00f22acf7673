import { useCallback, useState } from 'react';

/** What session storage holds under `key`, field by field where it has the type of `initial`'s. */
function readStored<T extends { [K in keyof T]: string | number | boolean }>(key: string, initial: T): T {
  try {
    const stored: unknown = JSON.parse(sessionStorage.getItem(key) ?? 'null');
    if (typeof stored !== 'object' || stored === null) return initial;
    const values = { ...initial };
    for (const field of Object.keys(initial) as (keyof T)[]) {
      const value = (stored as Partial<T>)[field];
      if (typeof value === typeof initial[field]) values[field] = value as T[keyof T];
    }
    return values;
  } catch {
    return initial;
  }
}

/**
 * State remembered for the browser session (a list's search values, spec 03 §2): read from
 * session storage once, written back on each change, gone when the tab closes or the user signs
 * out (which clears session storage).
 */
export function useSessionState<T extends { [K in keyof T]: string | number | boolean }>(key: string, initial: T): [T, (values: T) => void] {
  const [values, setValues] = useState<T>(() => readStored(key, initial));
  const remember = useCallback(
    (next: T) => {
      setValues(next);
      try {
        sessionStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or refused: the values last for this page only.
      }
    },
    [key],
  );
  return [values, remember];
}
