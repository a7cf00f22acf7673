import Box from '@mui/material/Box';
import { Suspense, lazy } from 'react';

// The spinner's own chunk: the page (and its role) shows at once, the spinner a moment later.
const CircularProgress = lazy(() => import('@mui/material/CircularProgress'));

export function PageLoading() {
  return (
    <Box role="status" aria-label="Loading" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
      <Suspense fallback={null}>
        <CircularProgress aria-hidden />
      </Suspense>
    </Box>
  );
}
