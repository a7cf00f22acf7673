import { formatPhoneDisplay } from '@airbox/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/**
 * A sender or recipient in an order table (spec 03 §2): the name (and company) first, then the
 * address lines, then the phone as (xxx) xxx-xxxx. Empty parts are left out.
 */
export function AddressCell({ name, company = '', lines, phone }: { name: string; company?: string; lines: readonly string[]; phone: string }) {
  const shownLines = lines.map((line) => line.trim()).filter(Boolean);
  return (
    <Box sx={{ minWidth: 0 }}>
      {name.trim() && <Typography variant="body2" sx={{ fontWeight: 600 }}>{name.trim()}</Typography>}
      {company.trim() && <Typography variant="body2">{company.trim()}</Typography>}
      {shownLines.map((line, index) => (
        <Typography key={index} variant="body2" color="text.secondary">
          {line}
        </Typography>
      ))}
      {phone.trim() && (
        <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'nowrap' }}>
          {formatPhoneDisplay(phone)}
        </Typography>
      )}
    </Box>
  );
}
