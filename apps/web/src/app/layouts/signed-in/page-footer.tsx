import Box from '@mui/material/Box';
import { env } from '../../../config/env';

/** The version and copyright under every signed-in screen; room is left for the Settings button. */
export function PageFooter() {
  return (
    <Box
      component="footer"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        justifyContent: 'space-between',
        gap: 1,
        px: { xs: 2, sm: 3, lg: 4 },
        py: 2,
        pr: { xs: 10, sm: 12, lg: 12 },
        color: 'text.secondary',
        fontSize: '0.875rem',
        borderTop: 1,
        borderColor: 'divider',
      }}
    >
      <span>Version {env.version}</span>
      <span>
        © {new Date().getFullYear()} {env.brandName}
      </span>
    </Box>
  );
}
