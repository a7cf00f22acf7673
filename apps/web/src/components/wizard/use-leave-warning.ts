import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { useAlert } from '../alert/alert-context';

/**
 * Asks before a wizard with unsaved input is left: a question inside the app (LEAVE or STAY) for
 * another page, and the browser's own warning when the tab is closed or reloaded. `allowLeave`
 * lets the wizard itself leave without asking (after saving, or on its way to a payment page).
 */
export function useLeaveWarning(dirty: boolean, question: string): { allowLeave: () => void } {
  const alert = useAlert();
  const leaving = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !leaving.current && currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    void alert
      .show({ icon: 'warning', text: question, confirmText: 'LEAVE', cancelText: 'STAY' })
      .then((leave) => (leave ? blocker.proceed() : blocker.reset()));
  }, [alert, blocker, question]);

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (leaving.current) return undefined;
      event.preventDefault();
      // Older browsers show the dialog only when a text is returned.
      event.returnValue = question;
      return question;
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty, question]);

  const allowLeave = useCallback(() => {
    leaving.current = true;
  }, []);
  return { allowLeave };
}
