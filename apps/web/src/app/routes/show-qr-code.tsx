import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { PickupCode } from '../../features/pickup-code/components/pickup-code';

/** Standalone public page: no layout around it. */
export function ShowQrCodeRoute() {
  const [searchParams] = useSearchParams();
  return (
    <Box sx={{ minHeight: '100vh', px: 2, py: 1, bgcolor: 'background.default' }}>
      <PickupCode orderId={searchParams.get('o') ?? ''} mId={searchParams.get('m') ?? ''} />
    </Box>
  );
}
