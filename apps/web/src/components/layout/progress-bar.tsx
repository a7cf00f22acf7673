import { Suspense, lazy } from 'react';

const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

/** A thin bar at the top of the window while `busy` (a call runs, the next screen loads). */
export function ProgressBar({ busy }: { busy: boolean }) {
  if (!busy) return null;
  return (
    <Suspense fallback={null}>
      <LinearProgress
        aria-label="Loading"
        sx={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: (theme) => theme.zIndex.modal + 1, height: 3 }}
      />
    </Suspense>
  );
}
