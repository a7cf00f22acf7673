import { useCallback, useState } from 'react';

function readFlag(key: string, initial: boolean): boolean {
  try {
    const stored = localStorage.getItem(key);
    return stored === null ? initial : stored === '1';
  } catch {
    return initial;
  }
}

/**
 * A yes/no preference of this browser (e.g. Sidebar Mini): kept in local storage, so it outlasts
 * reloads and signing out, like the theme cookie; '1' or '0' under `key`.
 */
export function useLocalFlag(key: string, initial: boolean): [boolean, (value: boolean) => void] {
  const [value, setValue] = useState(() => readFlag(key, initial));
  const remember = useCallback(
    (next: boolean) => {
      setValue(next);
      try {
        localStorage.setItem(key, next ? '1' : '0');
      } catch {
        // Storage refused: the choice lasts for this page only.
      }
    },
    [key],
  );
  return [value, remember];
}
