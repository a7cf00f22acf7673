import { ouncesToPounds } from '@airbox/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** '12 × 10 × 6 in': a parcel's length, width and height in inches. */
export const packageSize = ({ length, width, height }: { length: number; width: number; height: number }) =>
  `${length} × ${width} × ${height} in`;

/** '2.5 lb': a weight the wire carries in ounces, shown in pounds (spec 03 §9). */
export const packageWeight = (ounces: number) => `${ouncesToPounds(ounces)} lb`;

/** A parcel in an order table (spec 03 §2): its size in inches, then its weight in pounds. */
export function PackageCell({ length, width, height, weight }: { length: number; width: number; height: number; weight: number }) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2">{packageSize({ length, width, height })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {packageWeight(weight)}
      </Typography>
    </Box>
  );
}
