import { QR_RESET_COOLDOWN_MS, QR_SIZE } from '@airbox/contract';
import RefreshOutlined from '@mui/icons-material/RefreshOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import { useEffect, useId } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { PageCard } from '../../../components/layout/page-card';
import { answerMessage } from '../../../lib/http';
import { useResetUserQrCode, useUserQrCode } from '../api/get-user-qr-code';
import { formatRemaining, useQrResetLock } from '../hooks/use-qr-reset-lock';

/** The question before a reset: the current code stops working, and Reset then locks for 5 minutes. */
export const QR_RESET_CONFIRM = {
  title: 'Reset your QR code?',
  text: `Your current QR code stops working at once: the locker will only open with the new one. After a reset, Reset is locked for ${QR_RESET_COOLDOWN_MS / 60_000} minutes.`,
  confirm: 'RESET',
} as const;

/**
 * /parent/QRcode (spec 03 §2, §4): the AirBox ID and the 300×300 locker QR code (low error
 * correction) with Reset, locked for 5 minutes after use, per user, across reloads.
 */
export function UserQrCode({ userId }: { userId: number }) {
  const alert = useAlert();
  const qrCode = useUserQrCode(userId);
  const reset = useResetUserQrCode(userId);
  const lockId = useId();
  const { locked, remainingMs, lock } = useQrResetLock(userId, qrCode.data?.next_reset_at);

  useEffect(() => {
    const message = answerMessage(qrCode.error);
    if (message) void alert.show({ icon: 'error', text: message });
  }, [alert, qrCode.error]);

  const resetCode = async () => {
    // Issue 11: one click used to void the code and lock Reset; the customer is asked first.
    const confirmed = await alert.show({
      icon: 'warning',
      title: QR_RESET_CONFIRM.title,
      text: QR_RESET_CONFIRM.text,
      confirmText: QR_RESET_CONFIRM.confirm,
      cancelText: 'CANCEL',
    });
    if (!confirmed) return;
    try {
      const { next_reset_at } = await reset.mutateAsync();
      const serverUnlockAt = next_reset_at ? Date.parse(next_reset_at) : NaN;
      lock(Number.isFinite(serverUnlockAt) ? serverUnlockAt : undefined);
    } catch (error) {
      // Still locked (QR_CODE_ERRORCODE.resetLocked): the message, and the code read again brings next_reset_at.
      const message = answerMessage(error);
      if (message) void alert.show({ icon: 'error', text: message });
    }
  };

  const code = qrCode.data?.qrcode ?? '';
  const boxId = qrCode.data?.boxid ?? '';

  return (
    <PageCard title="My QR Code" maxWidth={560}>
      <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <Box>
          <Typography color="text.secondary">AirBox ID</Typography>
          <Typography sx={{ fontSize: '2rem', fontWeight: 700, letterSpacing: 2 }}>
            {qrCode.isPending ? <Skeleton width={160} sx={{ mx: 'auto' }} /> : boxId || '–'}
          </Typography>
        </Box>
        <Box sx={{ width: '100%', maxWidth: QR_SIZE.profile, aspectRatio: '1', '& svg': { width: '100%', height: 'auto', display: 'block' } }}>
          {code ? (
            <QRCodeSVG
              value={code}
              size={QR_SIZE.profile}
              level="L"
              role="img"
              aria-label={`QR code of AirBox ID ${boxId}`}
            />
          ) : (
            <Skeleton variant="rectangular" width="100%" height="100%" animation={qrCode.isPending ? 'pulse' : false} />
          )}
        </Box>
        <Typography color="text.secondary" variant="body2">
          Show this code at your locker to open it. Reset it if someone else has seen it: the old code stops working.
        </Typography>
        <Box>
          <Button
            variant="contained"
            startIcon={<RefreshOutlined />}
            onClick={() => void resetCode()}
            disabled={locked || reset.isPending || qrCode.isPending}
            aria-describedby={locked ? lockId : undefined}
          >
            Reset
          </Button>
          {locked && (
            <Typography id={lockId} variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              You can reset the code again in {formatRemaining(remainingMs)}
            </Typography>
          )}
        </Box>
      </Stack>
    </PageCard>
  );
}
