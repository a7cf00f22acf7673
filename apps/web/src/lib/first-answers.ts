import { useDeferredValue, useEffect, useState } from 'react';

/** What useFirstAnswersDrawn reads of a query (TanStack Query's result). */
interface Answerable {
  isFetched: boolean;
  isPending: boolean;
}

/** Whether a screen of this page has been drawn by useFirstAnswersDrawn. */
let screenDrawn = false;

/**
 * Whether a screen drawn in one go may be drawn (issue 24): true once each query has answered
 * (data or a failure) for the first time, and from then on, so a query asked again (another page
 * of a list, a failed call retried) never takes the screen back to its skeleton. A screen whose
 * banner sits atop it (getAdvertisements) waits for it with the rest, so the banner never comes in
 * late and pushes the drawn page down (a layout shift of 0.68 in a cold load of the dashboard).
 * Deferred: React renders the screen in slices between which the page stays responsive, and shows
 * it when it is complete, the skeleton meanwhile (one long task of ~350 ms at Lighthouse's 4x CPU
 * on the dashboard before).
 */
export function useFirstAnswersDrawn(queries: Answerable[]): boolean {
  const [answered, setAnswered] = useState(false);
  const [pageFirstScreen] = useState(() => !screenDrawn);
  const allIn = answered || queries.every((query) => query.isFetched || !query.isPending);
  // Kept from the first time, as state derived during render (React renders again at once).
  if (allIn && !answered) setAnswered(true);
  // The page's first screen starts from its skeleton even when every answer is already in (the
  // page's own answers): it is then drawn by the deferred render, in slices, not in one long task
  // as it mounts. A screen opened later in the page, its answers cached, is drawn at once.
  const drawn = useDeferredValue(allIn, pageFirstScreen ? false : undefined);
  useEffect(() => {
    if (drawn) screenDrawn = true;
  }, [drawn]);
  return drawn;
}

