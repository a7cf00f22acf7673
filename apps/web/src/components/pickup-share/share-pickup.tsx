import { carrierDisplayName, PICKUP_SHARE_MESSAGES, type PickupShareVia, type WaitingPackage } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { SxProps, Theme } from '@mui/material/styles';
import { type FormEvent, useId, useState } from 'react';
import { answerMessage } from '../../lib/http';
import { useRevokePickupShare, useSharePickup } from '../../lib/pickup-shares';

/** What the server said, in the same words. */
const sharedMessage = (via: PickupShareVia, to: string) => (via === 'link' ? PICKUP_SHARE_MESSAGES.shared.link : PICKUP_SHARE_MESSAGES.shared[via](to));

const VIA_LABELS: Record<PickupShareVia, string> = { link: 'Copy a link', email: 'E-mail', text: 'Text message' };

/**
 * SHARE PICKUP (issue 22 item 1): the owner gives another person this package's pickup, by a link
 * they copy, an e-mail or a text. The answer's link is shown once, with its own code.
 */
export function SharePickupDialog({ item, open, onClose }: { item: WaitingPackage; open: boolean; onClose: () => void }) {
  const [via, setVia] = useState<PickupShareVia>('link');
  const [email, setEmail] = useState('');
  const [phone, setPhone] = useState('');
  const [copied, setCopied] = useState(false);
  const share = useSharePickup();
  const titleId = useId();
  const made = share.data;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    share.mutate({ packageId: item.packageId, via, ...(via === 'email' ? { email } : {}), ...(via === 'text' ? { phone } : {}) });
  };
  const close = () => {
    share.reset();
    setCopied(false);
    onClose();
  };
  const copy = async () => {
    if (!made) return;
    try {
      await navigator.clipboard.writeText(made.data.url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Share pickup</DialogTitle>
      {made ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Alert severity="success">{sharedMessage(made.data.via, made.data.sentTo)}</Alert>
              <Typography>
                Their pickup code is <strong style={{ letterSpacing: '0.1em' }}>{made.data.pickupCode}</strong>. It works once, until the free period ends; your own code
                keeps working until one of the two opens the door.
              </Typography>
              <TextField label="Pickup link" value={made.data.url} slotProps={{ htmlInput: { readOnly: true } }} fullWidth />
              {copied && <Alert severity="info">Link copied.</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={() => void copy()}>Copy link</Button>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogContent>
            <Stack spacing={2}>
              <Typography>
                Let someone else pick up your {carrierDisplayName(item.carrier)} package at {item.hubName}. They get a code of their own and a page with the address,
                hours and directions; they see only your first name.
              </Typography>
              <RadioGroup aria-label="How to share" value={via} onChange={(event) => setVia(event.target.value as PickupShareVia)}>
                {(Object.keys(VIA_LABELS) as PickupShareVia[]).map((key) => (
                  <FormControlLabel key={key} value={key} control={<Radio />} label={VIA_LABELS[key]} />
                ))}
              </RadioGroup>
              {via === 'email' && <TextField label="Their e-mail address" type="email" autoComplete="off" value={email} onChange={(event) => setEmail(event.target.value)} required fullWidth />}
              {via === 'text' && (
                <TextField label="Their cell phone" type="tel" autoComplete="off" placeholder="###-###-####" value={phone} onChange={(event) => setPhone(event.target.value)} required fullWidth />
              )}
              {share.isError && <Alert severity="error">{answerMessage(share.error) ?? 'The pickup could not be shared. Please try again.'}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={share.isPending}>
              Share pickup
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}

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
            onClick={() => setSharing(true)}
            aria-label={`Share pickup of the ${carrierDisplayName(item.carrier)} package ${item.trackingNo}`}
            sx={{ whiteSpace: 'nowrap' }}
          >
            Share pickup
          </Button>
        </Box>
      )}
      {/* Mounted whatever the share: the list read again after sharing must not close the dialog showing the link. */}
      <SharePickupDialog item={item} open={sharing} onClose={() => setSharing(false)} />
    </>
  );
}
