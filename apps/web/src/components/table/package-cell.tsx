import { ouncesToPounds, parcelDescription } from '@airbox/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** What a parcel is: '12 × 10 × 6 in' (its length, width and height in inches), or its USPS Flat Rate package's name. */
export const packageSize = (parcel: { length: number; width: number; height: number; predefinedPackage?: string | null | undefined }) => parcelDescription(parcel);

/** '2.5 lb': a weight the wire carries in ounces, shown in pounds (spec 03 §9). */
export const packageWeight = (ounces: number) => `${ouncesToPounds(ounces)} lb`;

/** A parcel in an order table (spec 03 §2): its size in inches (or its Flat Rate package), then its weight in pounds. */
export function PackageCell({
  length,
  width,
  height,
  weight,
  predefinedPackage,
}: {
  length: number;
  width: number;
  height: number;
  weight: number;
  predefinedPackage?: string | null | undefined;
}) {
  return (
    <Box sx={{ whiteSpace: 'nowrap' }}>
      <Typography variant="body2">{packageSize({ length, width, height, predefinedPackage })}</Typography>
      <Typography variant="body2" color="text.secondary">
        {packageWeight(weight)}
      </Typography>
    </Box>
  );
}
