import Box from '@mui/material/Box';
import { useSearchParams } from 'react-router';
import { PickupCode } from '../../features/pickup-code/components/pickup-code';
import { readSession } from '../../lib/session';

/** Standalone public page: no layout around it. A signed-in visitor may share their own package from it. */
export function ShowQrCodeRoute() {
  const [searchParams] = useSearchParams();
  const viewerId = readSession()?.userId ?? null;
  return (
    <Box sx={{ minHeight: '100vh', px: 2, py: 1, bgcolor: 'background.default' }}>
      <PickupCode orderId={searchParams.get('o') ?? ''} mId={searchParams.get('m') ?? ''} viewerId={viewerId} />
    </Box>
  );
}
