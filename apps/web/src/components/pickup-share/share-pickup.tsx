import { carrierDisplayName, type WaitingPackage } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { useState } from 'react';
import { answerMessage } from '../../lib/http';
import { CANNOT_OPEN, lazyComponent, useLazyComponent } from '../../lib/lazy-component';
import { useRevokePickupShare } from '../../lib/pickup-shares';

/** SHARE PICKUP's dialog, fetched on the first pointer over, focus on or click of the button (issue 24): not in a screen's first chunks. */
const sharePickupDialog = lazyComponent(() => import('./share-pickup-dialog').then((module) => module.SharePickupDialog));

/** The owner's line about a live share, with REVOKE; `compact` in a table row (a line of text, not a banner). */
export function SharedNotice({
  item,
  onRevoke,
  revoking,
  sx,
  compact = false,
}: {
  item: WaitingPackage;
  onRevoke: () => void;
  revoking: boolean;
  sx?: SxProps<Theme>;
  compact?: boolean;
}) {
  if (!item.share) return null;
  const to = item.share.sentTo ? ` with ${item.share.sentTo}` : ' by link';
  const revokeLabel = `Revoke the share of the ${carrierDisplayName(item.carrier)} package ${item.trackingNo}`;
  if (compact) {
    return (
      <Box sx={sx}>
        <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
          {/* An address may break before its '@' rather than anywhere inside it. */}
          {item.share.sentTo.includes('@') ? (
            <>
              Pickup shared with {item.share.sentTo.slice(0, item.share.sentTo.indexOf('@'))}
              <wbr />
              {item.share.sentTo.slice(item.share.sentTo.indexOf('@'))}.
            </>
          ) : (
            <>Pickup shared{to}.</>
          )}
        </Typography>
        <Button size="small" onClick={onRevoke} disabled={revoking} aria-label={revokeLabel} sx={{ px: 0.5, minWidth: 0, ml: -0.5 }}>
          Revoke
        </Button>
      </Box>
    );
  }
  return (
    <Alert
      severity="info"
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRevoke} disabled={revoking}>
          Revoke
        </Button>
      }
    >
      Pickup shared{to}. Either code opens the door once.
    </Alert>
  );
}

/** Whether a waiting package may be shared now: not shared yet (by a server that shares) and its free period not over. */
export const canSharePickup = (item: WaitingPackage) => item.share === null && item.overdueDays === 0;

/**
 * SHARE PICKUP wherever a waiting package is shown (issue 22 item 1: the dashboard's card, its
 * "Not picked up" message in My Messages, its pickup-code page): the button and the dialog while it
 * may be shared, the live share's line with REVOKE once it is. `sx` places each piece in the
 * caller's layout (the dashboard's card spans its grid's columns); `size` 'small' suits a table row.
 */
export function SharePickup({ item, sx, size = 'medium' }: { item: WaitingPackage; sx?: SxProps<Theme>; size?: 'small' | 'medium' }) {
  const [sharing, setSharing] = useState(false);
  const revoke = useRevokePickupShare();
  const dialog = useLazyComponent(sharePickupDialog);
  const SharePickupDialog = dialog.Component;
  return (
    <>
      <SharedNotice item={item} onRevoke={() => revoke.mutate(item.packageId)} revoking={revoke.isPending} sx={sx} compact={size === 'small'} />
      {revoke.isError && (
        <Alert severity="error" sx={sx}>
          {answerMessage(revoke.error) ?? 'The share could not be revoked. Please try again.'}
        </Alert>
      )}
      {canSharePickup(item) && (
        <Box sx={sx}>
          <Button
            variant="outlined"
            size={size}
            onClick={() => {
              if (!dialog.loading) dialog.open(() => setSharing(true));
            }}
            onPointerEnter={dialog.preload}
            onFocus={dialog.preload}
            aria-busy={dialog.loading}
            endIcon={dialog.loading ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
            aria-label={`Share pickup of the ${carrierDisplayName(item.carrier)} package ${item.trackingNo}`}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Share pickup
          </Button>
        </Box>
      )}
      {dialog.failed && (
        <Alert severity="error" sx={sx}>
          {CANNOT_OPEN('Share pickup')}
        </Alert>
      )}
      {/* Mounted once opened, whatever the share: the list read again after sharing must not close the dialog showing the link. */}
      {SharePickupDialog && <SharePickupDialog item={item} open={sharing} onClose={() => setSharing(false)} />}
    </>
  );
}
