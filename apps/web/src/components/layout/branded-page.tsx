import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { env } from '../../config/env';
import { BrandLogo } from './brand-logo';

/**
 * A public page someone reaches from a link they were sent (the recipient's tracking page, a
 * shared pickup): the brand's name and mark on top, one narrow phone-first column with the page's
 * title, and a footer saying who shows the page and that it never asks for money or details.
 */
export function BrandedPage({ title, footer, children }: { title: string; footer: string; children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', bgcolor: 'background.default' }}>
      <Box component="header" sx={{ bgcolor: 'background.paper', borderBottom: 1, borderColor: 'divider' }}>
        <Box sx={{ maxWidth: 640, mx: 'auto', px: 2, py: 1.5, display: 'flex', alignItems: 'center', gap: 1.25 }}>
          <BrandLogo size={32} />
          <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.2rem' }}>
            {env.brandName}
          </Typography>
        </Box>
      </Box>
      <Box component="main" sx={{ flex: 1, width: '100%', maxWidth: 640, mx: 'auto', px: { xs: 1.5, sm: 2 }, py: { xs: 2, sm: 4 } }}>
        <Typography variant="h1" sx={{ fontSize: { xs: '1.6rem', sm: '2rem' }, mb: 2, px: { xs: 0.5, sm: 0 } }}>
          {title}
        </Typography>
        {children}
      </Box>
      <Box component="footer" sx={{ maxWidth: 640, mx: 'auto', px: 2, pb: 3, pt: 1 }}>
        <Typography variant="body2" color="text.secondary">
          {footer}
        </Typography>
      </Box>
    </Box>
  );
}
