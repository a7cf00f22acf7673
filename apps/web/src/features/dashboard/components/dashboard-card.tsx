import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** A titled region of the dashboard: an icon tile, the title (a heading), its content and its actions. */
export function DashboardCard({
  icon,
  title,
  aside,
  children,
  action,
}: {
  icon: ReactNode;
  title: string;
  /** Shown at the end of the title row (a count, say). */
  aside?: ReactNode;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <Card component="section" aria-label={title} variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Box
            aria-hidden
            sx={{
              display: 'grid',
              placeItems: 'center',
              flexShrink: 0,
              width: 48,
              height: 48,
              borderRadius: 2,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            {icon}
          </Box>
          <Typography variant="h2" component="h2" sx={{ flexGrow: 1 }}>
            {title}
          </Typography>
          {aside}
        </Stack>
        {children}
      </CardContent>
      {action && <CardActions sx={{ px: 2, pb: 2, flexWrap: 'wrap', gap: 1, '& > :not(style) ~ :not(style)': { ml: 0 } }}>{action}</CardActions>}
    </Card>
  );
}
