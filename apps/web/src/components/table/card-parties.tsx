import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** The sender and the recipient on a phone's card: side by side under their captions, one under the other when the card is narrow. */
export function CardParties({ fromCaption, from, toCaption, to }: { fromCaption: string; from: ReactNode; toCaption: string; to: ReactNode }) {
  return (
    <Box sx={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(140px, 1fr))', gap: 1 }}>
      <Box>
        <Typography variant="caption" color="text.secondary">
          {fromCaption}
        </Typography>
        {from}
      </Box>
      <Box>
        <Typography variant="caption" color="text.secondary">
          {toCaption}
        </Typography>
        {to}
      </Box>
    </Box>
  );
}
