import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { Wizard } from './use-wizard';

/** Where a wizard's step is kept in the browser history entry's state. */
const ENTRY_KEY = 'wizardStep';

/** The wizard's mark on a history entry: which wizard (one per mount), and how many steps in. */
interface Entry {
  wizard: string;
  depth: number;
}

function entryOf(state: unknown): Entry | null {
  if (typeof state !== 'object' || state === null) return null;
  const entry = (state as Record<string, unknown>)[ENTRY_KEY];
  if (typeof entry !== 'object' || entry === null) return null;
  const { wizard, depth } = entry as Partial<Entry>;
  return typeof wizard === 'string' && typeof depth === 'number' ? { wizard, depth } : null;
}

/**
 * A wizard whose steps are entries of the browser history (issue 21 item 11): each step the
 * customer moves on to is a new entry of the same address, so the browser's Back goes a step back
 * instead of leaving the page, and Back, a jump to an earlier step or a click on a done step of
 * the stepper go back through those entries. The walk is a trail of the steps shown, one entry
 * each (a step skipped, as Verify when both addresses were recognised, has none): only a step of
 * the trail can be gone back to, and `onBack` is told each time (the page keeps what was typed).
 * The browser's Forward cannot skip a step's Next (its checks, the rates asked): it is undone.
 * The entry the page opened on (or one of an earlier visit, after a reload) is the first step.
 */
export function useHistoryWizard(steps: readonly string[], { first = 0, onBack }: { first?: number; onBack?: () => void } = {}): Wizard {
  const location = useLocation();
  const navigate = useNavigate();
  const [id] = useState(() => Math.random().toString(36).slice(2));
  const [walk, setWalk] = useState<{ trail: number[]; moved: boolean }>({ trail: [first], moved: false });
  const { trail } = walk;
  const entry = entryOf(location.state);
  const shown = entry?.wizard === id ? entry.depth : 0;
  const depth = Math.min(shown, trail.length - 1);
  const step = trail[depth] ?? first;
  const last = steps.length - 1;

  // A new entry shown (Back, Forward, a move of this wizard): Back to an entry of the trail ends the
  // trail there, as it is rendered (never by the trail changing alone, which a move does first).
  const [followed, setFollowed] = useState(location.key);
  if (followed !== location.key) {
    setFollowed(location.key);
    if (shown < trail.length - 1) {
      setWalk({ trail: trail.slice(0, shown + 1), moved: true });
      onBack?.();
    }
  }
  // Forward to a step left by Back is undone: that step's Next must be pressed again.
  const ahead = shown - (trail.length - 1);
  useEffect(() => {
    if (ahead > 0) void navigate(-ahead);
  }, [ahead, navigate]);

  /** The depth at which `target` was shown before the step shown now, or -1. */
  const walkedTo = (target: number) => (depth > 0 ? trail.lastIndexOf(target, depth - 1) : -1);
  const here = { pathname: location.pathname, search: location.search, hash: location.hash };
  const goTo = (target: number) => {
    const next = Math.min(Math.max(target, 0), last);
    if (next === step) return;
    if (next > step) {
      setWalk({ trail: [...trail.slice(0, depth + 1), next], moved: true });
      void navigate(here, { state: { [ENTRY_KEY]: { wizard: id, depth: depth + 1 } } });
      return;
    }
    const back = walkedTo(next);
    if (back >= 0) {
      void navigate(back - depth);
      return;
    }
    // A step never shown in this visit (the page opened further on): it takes the place of this one.
    setWalk({ trail: [...trail.slice(0, depth), next], moved: true });
    onBack?.();
  };

  return {
    steps,
    step,
    moved: walk.moved,
    next: () => goTo(step + 1),
    back: () => (depth > 0 ? goTo(trail[depth - 1] ?? step - 1) : goTo(step - 1)),
    goTo,
    canGoTo: (target) => target < step && walkedTo(target) >= 0,
  };
}
