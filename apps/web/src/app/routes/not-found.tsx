import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';

export function NotFoundRoute() {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      <Typography variant="h2">Page not found</Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        The page you opened does not exist.
      </Typography>
      <Button component={RouterLink} to={paths.dashboard.getHref()} variant="contained">
        Back to dashboard
      </Button>
    </Paper>
  );
}
