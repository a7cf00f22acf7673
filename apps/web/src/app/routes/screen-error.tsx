import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';

/**
 * The error boundary of each signed-in screen: the screen that failed is replaced by this message
 * while the sidebar and top bar stay. Retry drops the cached answers (the screen may have failed
 * on one of them) and resets the boundary, so the screen renders again from fresh calls.
 */
export function ScreenError() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const retry = () => {
    void queryClient.resetQueries();
    // Opening the same address again resets the route's error boundary (a new location).
    void navigate(location, { replace: true, state: location.state });
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h2">Something went wrong</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        This screen could not be shown. The rest of the portal still works.
      </Typography>
      <Button variant="contained" onClick={retry}>
        Retry
      </Button>
    </Paper>
  );
}
