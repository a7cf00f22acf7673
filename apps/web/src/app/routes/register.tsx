import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card';
import { paths } from '../../config/paths';

/** /register and /RegisterEnterprise until the registration issue builds them (spec 02). */
export function RegisterRoute({ enterprise }: { enterprise: boolean }) {
  return (
    <AuthCard title={enterprise ? 'Sign up with invite code' : 'Sign up'}>
      <Typography sx={{ mb: 3 }}>
        {enterprise
          ? 'Sign-up with an invitation code from your property manager opens here soon.'
          : 'Online sign-up opens here soon.'}
      </Typography>
      <Button component={RouterLink} to={paths.login.getHref()} variant="contained">
        Back to login
      </Button>
    </AuthCard>
  );
}

export const RegisterPersonalRoute = () => <RegisterRoute enterprise={false} />;
export const RegisterEnterpriseRoute = () => <RegisterRoute enterprise />;
