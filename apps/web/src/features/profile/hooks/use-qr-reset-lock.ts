import { QR_RESET_COOLDOWN_MS, STORAGE_KEYS } from '@airbox/contract';
import { useCallback, useEffect, useState } from 'react';

/** localStorage `qrcode`: for each user id, when (epoch ms) their QR code may be reset again. */
type UnlockTimes = Record<string, number>;

function readUnlockTimes(): UnlockTimes {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(STORAGE_KEYS.qrCodeLock) ?? '{}');
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, number] => typeof entry[1] === 'number' && Number.isFinite(entry[1])),
    );
  } catch {
    return {};
  }
}

function saveUnlockTime(userId: number, unlockAt: number): void {
  const now = Date.now();
  // Expired entries (of this user or others who signed in here) are dropped as the map is written.
  const times = Object.fromEntries(Object.entries(readUnlockTimes()).filter(([, at]) => at > now));
  times[String(userId)] = unlockAt;
  localStorage.setItem(STORAGE_KEYS.qrCodeLock, JSON.stringify(times));
}

/** Remaining lock as 'm:ss'. */
export function formatRemaining(ms: number): string {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

/**
 * The QR code's Reset lock (spec 03 §4): 5 minutes after a reset, per user, kept in local storage
 * so it survives leaving the page and a reload; the server's next_reset_at counts too (a reset
 * made on another device). `remainingMs` counts down once a second while locked. Mount it again
 * (a `key`) for another user.
 */
export function useQrResetLock(userId: number, serverNextResetAt: string | null | undefined) {
  const [storedUnlockAt, setStoredUnlockAt] = useState(() => readUnlockTimes()[String(userId)] ?? 0);
  const serverUnlockAt = serverNextResetAt ? Date.parse(serverNextResetAt) || 0 : 0;
  const unlockAt = Math.max(storedUnlockAt, serverUnlockAt);
  const [now, setNow] = useState(() => Date.now());

  const locked = unlockAt > now;
  useEffect(() => {
    if (!locked) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [locked]);

  /** Starts the lock now (after a reset), or until `until` when the server says so. */
  const lock = useCallback(
    (until?: number) => {
      const at = until ?? Date.now() + QR_RESET_COOLDOWN_MS;
      saveUnlockTime(userId, at);
      setStoredUnlockAt(at);
      setNow(Date.now());
    },
    [userId],
  );

  return { locked, remainingMs: locked ? unlockAt - now : 0, lock };
}
