import { MESSAGES, PAY_REDIRECT_DELAY_MS, safeRedirectPath } from '@airbox/contract';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';

/**
 * /paySuccess and /payCancel: says how the payment ended, then after 2 seconds goes to the
 * `redirect` target when it is a path inside the app, or to the default page.
 */
export function PayResult({ outcome, fallback }: { outcome: 'success' | 'cancel'; fallback: string }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get('redirect')) ?? fallback;

  useEffect(() => {
    const timer = window.setTimeout(() => navigate(target, { replace: true }), PAY_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, target]);

  const Icon = outcome === 'success' ? CheckCircleOutline : CancelOutlined;
  return (
    <Paper variant="outlined" sx={{ p: 6, textAlign: 'center', maxWidth: 520, mx: 'auto' }}>
      <Icon color={outcome === 'success' ? 'success' : 'warning'} sx={{ fontSize: 80 }} aria-hidden />
      <Typography variant="h2" component="p" role="status" sx={{ mt: 2, fontSize: '1.75rem' }}>
        {outcome === 'success' ? MESSAGES.paySuccess : MESSAGES.payCancel}
      </Typography>
    </Paper>
  );
}
