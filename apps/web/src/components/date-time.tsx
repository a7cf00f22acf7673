import Box from '@mui/material/Box';
import { useFormatDateTime } from '../lib/user';

/**
 * A date and time as every screen shows it (issue 11): in the customer's hub time zone, zone
 * named, as a <time> element carrying the instant. It wraps only between its day and its time
 * ('11/23/2026' / '3:48 PM EST'), never inside either. Nothing for a missing or invalid date.
 */
export function DateTime({ value }: { value: string | number | Date | null | undefined }) {
  const format = useFormatDateTime();
  const text = format(value);
  if (!text || value === null || value === undefined) return null;
  const [day, ...time] = text.split(' ');
  const instant = value instanceof Date ? value : new Date(value);
  return (
    <time dateTime={Number.isNaN(instant.getTime()) ? String(value) : instant.toISOString()}>
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {day}
      </Box>{' '}
      <Box component="span" sx={{ whiteSpace: 'nowrap' }}>
        {time.join(' ')}
      </Box>
    </time>
  );
}
