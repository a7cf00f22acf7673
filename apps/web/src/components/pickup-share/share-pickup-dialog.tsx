import { carrierDisplayName, PICKUP_SHARE_MESSAGES, type PickupShareVia, type WaitingPackage } from '@airbox/contract';
import Alert from '@mui/material/Alert';
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
import { type FormEvent, useId, useState } from 'react';
import { answerMessage } from '../../lib/http';
import { useSharePickup } from '../../lib/pickup-shares';

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
