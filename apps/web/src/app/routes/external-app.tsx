import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { readSession } from '../../lib/session';
import { opensDashboard } from '../guard';

const APPS = {
  admin: { name: 'admin app', who: 'administrators' },
  tablet: { name: 'business tablet app', who: 'business users' },
} as const;

/**
 * The page at the admin and tablet apps' default addresses (DEFAULT_APP_URLS), where login sends
 * admins and business users while those separate apps are not configured elsewhere: it says so
 * in the portal's own layout, and leads a signed-in customer back to the dashboard, anyone else
 * to the login page.
 */
function ExternalAppPlaceholder({ app }: { app: keyof typeof APPS }) {
  const { name, who } = APPS[app];
  const customer = opensDashboard(readSession());
  return (
    <AuthCard title={`${env.brandName} ${name}`}>
      <Typography sx={{ mb: 3 }}>
        The {name} for {who} is a separate application outside this customer portal, and it is not installed here.
      </Typography>
      {customer ? (
        <Button component={RouterLink} to={paths.dashboard.getHref()} variant="contained" fullWidth>
          Back to the dashboard
        </Button>
      ) : (
        <Button component={RouterLink} to={paths.login.getHref()} variant="contained" fullWidth>
          Back to the login page
        </Button>
      )}
    </AuthCard>
  );
}

export const AdminAppRoute = () => <ExternalAppPlaceholder app="admin" />;
export const TabletAppRoute = () => <ExternalAppPlaceholder app="tablet" />;
