import { REGISTRATION_TIMING } from '@airbox/contract';
import { useCallback, useEffect, useRef } from 'react';

/**
 * Runs `check` REGISTRATION_TIMING.verifyDelayMs after the last call of `schedule` (the zip and the
 * invitation code are checked 500 ms after their last character, spec 02 §4). A newer schedule or
 * `cancel` drops the pending one; nothing runs after the screen is gone.
 */
export function useDelayedCheck(check: (value: string) => void) {
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef(check);
  useEffect(() => {
    latest.current = check;
  }, [check]);
  const cancel = useCallback(() => window.clearTimeout(timer.current), []);
  const schedule = useCallback(
    (value: string) => {
      cancel();
      timer.current = window.setTimeout(() => latest.current(value), REGISTRATION_TIMING.verifyDelayMs);
    },
    [cancel],
  );
  useEffect(() => cancel, [cancel]);
  return { schedule, cancel };
}
