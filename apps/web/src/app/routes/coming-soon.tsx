import ConstructionOutlined from '@mui/icons-material/ConstructionOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { useRouteHandle } from '../route-handle';

/** Signed-in screens that later issues build (spec 03): the layout and title are already theirs. */
export function ComingSoonRoute() {
  const { title = '' } = useRouteHandle();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 6 }, textAlign: 'center', maxWidth: 640, mx: 'auto' }}>
      <ConstructionOutlined color="primary" sx={{ fontSize: 64 }} aria-hidden />
      <Typography variant="h2" sx={{ mt: 2 }}>
        {title} is coming soon
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        This part of the portal is being built. Your data is safe and will appear here.
      </Typography>
      <Button component={RouterLink} to={paths.dashboard.getHref()} variant="contained">
        Back to dashboard
      </Button>
    </Paper>
  );
}
