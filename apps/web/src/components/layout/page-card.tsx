import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * The card a signed-in screen sits in: a heading, an optional action beside it (ADD CONTACT,
 * say) and the content. The card is a region named by its heading.
 */
export function PageCard({
  title,
  hideTitle = false,
  action,
  children,
  maxWidth,
}: {
  title: string;
  /** The page's own heading already says it: the card is named without a second heading. */
  hideTitle?: boolean;
  action?: ReactNode;
  children: ReactNode;
  maxWidth?: number;
}) {
  const headingId = useId();
  return (
    <Paper
      component="section"
      aria-labelledby={hideTitle ? undefined : headingId}
      aria-label={hideTitle ? title : undefined}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, maxWidth, mx: maxWidth ? 'auto' : undefined, minWidth: 0 }}
    >
      {(!hideTitle || action) && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', gap: 2, mb: 2 }}>
          {!hideTitle && (
            <Typography id={headingId} variant="h2" component="h2">
              {title}
            </Typography>
          )}
          {action}
        </Box>
      )}
      {children}
    </Paper>
  );
}
