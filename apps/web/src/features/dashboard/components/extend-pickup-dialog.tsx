import {
  carrierDisplayName,
  formatUsd,
  freeUntilText,
  PICKUP_EXTENSION_CREDITS,
  PICKUP_EXTENSION_MESSAGES,
  type PickupExtensionPayWith,
  type WaitingPackage,
} from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useId, useState } from 'react';
import { answerMessage } from '../../../lib/http';
import { paymentPage } from '../../../lib/leave-for-payment';
import { readSession } from '../../../lib/session';
import { useExtendPickup, useExtensionQuote } from '../api/extend-pickup';

const credits = (count: number) => `${count} credit${count === 1 ? '' : 's'}`;

/**
 * EXTEND A DAY's dialog (issue 22 item 2): the quote (the new free-until, 1 credit or the PayPal
 * price) before anything is charged, and the way to pay: credits (disabled, saying why, when the
 * balance is short) or PayPal (the provider's page, back to the dashboard).
 */
export function ExtendPickupDialog({ item, open, onClose }: { item: WaitingPackage; open: boolean; onClose: () => void }) {
  const userId = readSession()?.userId ?? 0;
  const quote = useExtensionQuote(item.packageId, open);
  const extend = useExtendPickup(userId);
  const [payWith, setPayWith] = useState<PickupExtensionPayWith | null>(null);
  const titleId = useId();
  const helpId = useId();
  const data = quote.data?.data;
  const short = data ? data.balance < data.credits : false;
  // Credits when there are enough, PayPal otherwise, until the customer picks.
  const chosen: PickupExtensionPayWith = payWith ?? (short ? 'paypal' : 'credits');
  const done = extend.data && extend.variables?.payWith === 'credits' ? extend.data : undefined;

  const close = () => {
    extend.reset();
    setPayWith(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!data) return;
    extend.mutate(
      { packageId: item.packageId, day: data.extendedDays + 1, payWith: chosen },
      {
        onSuccess: (answer) => {
          if (chosen === 'paypal' && answer.redirectURL) paymentPage.leaveFor(answer.redirectURL);
        },
      },
    );
  };

  const what = `your ${carrierDisplayName(item.carrier)} package at ${item.hubName}`;
  return (
    <Dialog open={open} onClose={close} aria-labelledby={titleId} fullWidth maxWidth="sm">
      <DialogTitle id={titleId}>Extend the free period</DialogTitle>
      {done ? (
        <>
          <DialogContent>
            <Stack spacing={2}>
              <Alert severity="success">{done.data ? PICKUP_EXTENSION_MESSAGES.extended(new Date(done.data.freeUntil)) : PICKUP_EXTENSION_MESSAGES.alreadyExtended}</Alert>
              <Typography>You have {credits(done.data?.balance ?? 0)} left.</Typography>
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button variant="contained" onClick={close}>
              Done
            </Button>
          </DialogActions>
        </>
      ) : (
        <form onSubmit={submit} noValidate>
          <DialogContent>
            <Stack spacing={2}>
              {quote.isPending && (
                <>
                  <Skeleton variant="text" />
                  <Skeleton variant="rounded" height={96} />
                </>
              )}
              {quote.isError && <Alert severity="error">{answerMessage(quote.error) ?? 'The price could not be read. Please try again.'}</Alert>}
              {data && (
                <>
                  <Typography>
                    Keep {what} free one more day: free until <strong>{freeUntilText(new Date(data.newFreeUntil))}</strong> instead of{' '}
                    {freeUntilText(new Date(data.freeUntil))}. No late fee runs until then.
                  </Typography>
                  <Typography variant="body2" color="text.secondary">
                    Day {data.extendedDays + 1} of the {data.maxDays} a package can be extended. Nothing is charged until you confirm.
                  </Typography>
                  <FormControl>
                    <FormLabel id={`${titleId}-pay`}>Pay with</FormLabel>
                    <RadioGroup aria-labelledby={`${titleId}-pay`} value={chosen} onChange={(event) => setPayWith(event.target.value as PickupExtensionPayWith)}>
                      <FormControlLabel
                        value="credits"
                        disabled={short}
                        control={<Radio slotProps={{ input: short ? { 'aria-describedby': helpId } : {} }} />}
                        label={`${credits(data.credits)} (you have ${credits(data.balance)})`}
                      />
                      {short && (
                        <FormHelperText id={helpId} sx={{ mt: -0.5, mb: 1, ml: 4 }}>
                          {PICKUP_EXTENSION_MESSAGES.notEnoughCredits(data.balance)}
                        </FormHelperText>
                      )}
                      <FormControlLabel value="paypal" control={<Radio />} label={`${formatUsd(data.priceCents)} with PayPal`} />
                    </RadioGroup>
                  </FormControl>
                </>
              )}
              {extend.isError && <Alert severity="error">{answerMessage(extend.error) ?? 'The free period could not be extended. Please try again.'}</Alert>}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={close}>Cancel</Button>
            <Button type="submit" variant="contained" disabled={!data || extend.isPending || (chosen === 'credits' && short)}>
              {chosen === 'credits' ? `Extend for ${credits(data?.credits ?? PICKUP_EXTENSION_CREDITS)}` : `Pay ${data ? formatUsd(data.priceCents) : ''} with PayPal`}
            </Button>
          </DialogActions>
        </form>
      )}
    </Dialog>
  );
}
