import MuiAlert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { answerMessage } from '../../../lib/http';
import { useCode128 } from '../api/gen-code128';

/** /barcode/{code}/: the route code as a Code128 image, with the code as text. */
export function Barcode({ code }: { code: string }) {
  const barcode = useCode128(code);

  if (barcode.isError) {
    return <MuiAlert severity="error">{answerMessage(barcode.error) ?? 'The barcode could not be loaded.'}</MuiAlert>;
  }
  return (
    <Box sx={{ textAlign: 'center' }}>
      {barcode.isPending ? (
        <Skeleton variant="rectangular" height={120} role="progressbar" aria-label="Loading the barcode" />
      ) : (
        <Box
          component="img"
          src={`data:image/png;base64,${barcode.data.data}`}
          alt={code}
          sx={{ maxWidth: '100%', height: 'auto', imageRendering: 'pixelated', bgcolor: '#fff', p: 1 }}
        />
      )}
      <Typography sx={{ mt: 2, fontFamily: 'monospace', fontSize: '1.25rem', letterSpacing: 2, wordBreak: 'break-all' }}>
        {code}
      </Typography>
    </Box>
  );
}
