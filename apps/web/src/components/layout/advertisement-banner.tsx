import MuiAlert from '@mui/material/Alert';
import { useAdvertisements } from '../../lib/advertisements';

/** The first advertisement (getAdvertisements) in a banner atop a page, as text, never as markup; nothing while there is none. */
export function AdvertisementBanner() {
  const advertisements = useAdvertisements();
  const advertisement = advertisements.data?.ads[0]?.content;
  if (!advertisement) return null;
  return (
    <MuiAlert severity="warning" role="status">
      {advertisement}
    </MuiAlert>
  );
}
