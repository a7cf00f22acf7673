import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { Link as RouterLink, Outlet } from 'react-router';
import { BrandLogo } from '../../components/layout/brand-logo';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { useRouteHandle } from '../route-handle';
import { PUBLIC_BACKGROUNDS } from './backgrounds';

/** The authentication layout: a top bar with the sign-up and login links, a background per route. */
export function PublicLayout() {
  const { background = 'Login' } = useRouteHandle();
  useEffect(() => {
    document.title = `${env.brandName} customer portal`;
  }, []);
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        flexDirection: 'column',
        backgroundColor: '#0f172a',
        backgroundImage: PUBLIC_BACKGROUNDS[background],
        color: '#fff',
      }}
    >
      <Box
        component="header"
        sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, px: { xs: 2, sm: 3 }, py: 1.5, minHeight: 64 }}
      >
          <Box
            component={RouterLink}
            to={paths.login.getHref()}
            sx={{ display: 'flex', alignItems: 'center', gap: 1.5, color: 'inherit', textDecoration: 'none', mr: 'auto' }}
          >
            <BrandLogo size={36} />
            <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
              {env.brandName}
            </Typography>
          </Box>
          <Box component="nav" aria-label="Account" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Button component={RouterLink} to={paths.register.getHref()} color="inherit" size="small">
              Sign up
            </Button>
            <Button component={RouterLink} to={paths.registerEnterprise.getHref()} color="inherit" size="small">
              Sign up with invite code
            </Button>
            <Button component={RouterLink} to={paths.login.getHref()} variant="contained" size="small">
              Login
            </Button>
          </Box>
      </Box>
      <Box component="main" sx={{ flex: 1, display: 'grid', placeItems: 'center', px: 2, py: { xs: 3, sm: 6 } }}>
        <Outlet />
      </Box>
      <Box component="footer" sx={{ textAlign: 'center', py: 2, fontSize: '0.875rem', color: 'rgba(255,255,255,0.85)' }}>
        © {new Date().getFullYear()} {env.brandName}
      </Box>
    </Box>
  );
}
