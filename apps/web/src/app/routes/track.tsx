import Box from '@mui/material/Box';
import { useParams } from 'react-router';
import { TrackingPage } from '../../features/tracking/components/tracking-page';

/** Standalone public page (the recipient's link): no layout, no sign-in. */
export function TrackRoute() {
  const { token = '' } = useParams();
  return (
    <Box sx={{ minHeight: '100vh', px: { xs: 1, sm: 2 }, py: 1, bgcolor: 'background.default' }}>
      <TrackingPage token={token} />
    </Box>
  );
}
