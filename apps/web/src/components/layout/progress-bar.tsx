import { useIsFetching, useIsMutating } from '@tanstack/react-query';
import { Suspense, lazy } from 'react';
import { useNavigation } from 'react-router';

const LinearProgress = lazy(() => import('@mui/material/LinearProgress'));

/** A thin bar at the top of the window while any call runs or the next screen loads. */
export function ProgressBar() {
  const calls = useIsFetching() + useIsMutating();
  const navigation = useNavigation();
  const busy = calls > 0 || navigation.state !== 'idle';
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
