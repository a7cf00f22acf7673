import { API_ERRORCODE, MEMBERSHIP_MESSAGES, MEMBERSHIP_PLAN, formatUsd, orderTotalCents, type MembershipPlan } from '@airbox/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type InputHTMLAttributes, type RefObject } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { PageCard } from '../../../components/layout/page-card';
import { TermsSentence } from '../../../components/terms/terms-sentence';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/http';
import { useBuyMembership } from '../api/buy-membership';
import { useMemberships } from '../api/get-memberships';
import { paymentPage } from '../../../lib/leave-for-payment';

const MAX_QUANTITY = 1000;

/** The unit price has its own column from the sm breakpoint; on a phone it is under the plan. */
const UNIT_PRICE_COLUMN = { display: { xs: 'none', sm: 'table-cell' } } as const;

/** A plan id from the route (/buymembership/{id}), or null when it names no plan. */
export function planFromRoute(id: string | undefined): MembershipPlan | null {
  const plan = Number(id);
  return plan === MEMBERSHIP_PLAN.credit || plan === MEMBERSHIP_PLAN.sixMonths || plan === MEMBERSHIP_PLAN.twelveMonths ? plan : null;
}

/** The quantity typed, as a whole number from 1 (the minimum) to the most one order may hold. */
function quantityOf(typed: string): number {
  const value = Math.floor(Number(typed));
  return Number.isFinite(value) ? Math.min(MAX_QUANTITY, Math.max(1, value)) : 1;
}

/**
 * /buymembership/{id} (spec 03 §2, §4): the order (quantity for the credit plan only, at least
 * 1), the terms checkbox and PayPal checkout, which leaves for the payment provider's page.
 */
export function BuyMembership({ userId, planId }: { userId: number; planId: string | undefined }) {
  const alert = useAlert();
  const memberships = useMemberships();
  const buy = useBuyMembership();
  const [typedQuantity, setTypedQuantity] = useState('1');
  const [agreed, setAgreed] = useState(false);
  /** 'You must agree…' at the terms checkbox, after PayPal Checkout without it (a field error: inline, not a dialog). */
  const [termsMissing, setTermsMissing] = useState(false);
  const termsBox = useRef<HTMLInputElement>(null);
  const termsErrorId = useId();
  const [leaving, setLeaving] = useState(false);

  const planIdNumber = planFromRoute(planId);
  const plan = memberships.data?.memberships.find((candidate) => candidate.id === planIdNumber);
  const credit = plan?.id === MEMBERSHIP_PLAN.credit;
  const quantity = credit ? quantityOf(typedQuantity) : 1;

  if (planIdNumber === null || (memberships.data && !plan)) {
    return (
      <PageCard title="Order" maxWidth={760}>
        <Typography sx={{ mb: 2 }}>This plan does not exist.</Typography>
        <Button component={RouterLink} to={paths.membership.getHref()} variant="contained">
          See the plans
        </Button>
      </PageCard>
    );
  }

  const checkout = async () => {
    if (!plan) return;
    if (!agreed) {
      setTermsMissing(true);
      termsBox.current?.focus();
      return;
    }
    // A payment that did not start: the one dialog every payment screen shows, TRY AGAIN or CLOSE.
    const wrong = async () => {
      if (await alert.retry({ title: MEMBERSHIP_MESSAGES.failureTitle, text: MEMBERSHIP_MESSAGES.failure })) void checkout();
    };
    try {
      const { redirectURL } = await buy.mutateAsync({ userID: userId, number: quantity, plan: plan.id });
      if (!redirectURL) return void wrong();
      setLeaving(true);
      paymentPage.leaveFor(redirectURL);
    } catch (error) {
      // A refusal the server explains (the account's hourly budget of checkouts) is shown as it says.
      if (error instanceof ApiError && error.errorcode === API_ERRORCODE.tooManyRequests) void alert.show({ icon: 'error', title: MEMBERSHIP_MESSAGES.failureTitle, text: error.message });
      else void wrong();
    }
  };

  return (
    <PageCard title="Order" maxWidth={760}>
      {!plan ? (
        <Skeleton variant="rounded" height={160} />
      ) : (
        <>
          {/* On a phone the unit price moves under the plan's name and the cells get narrower, so
              Quantity and Total stay in the card's width (the table was 480 px in a 309 px box). */}
          <TableContainer sx={{ overflowX: 'auto' }}>
            <Table
              aria-label="Order"
              sx={{ minWidth: { sm: 480 }, '& th': { fontWeight: 600 }, '& td, & th': { px: { xs: 1, sm: 2 } } }}
            >
              <TableHead>
                <TableRow>
                  <TableCell>Plan</TableCell>
                  <TableCell align="right" sx={UNIT_PRICE_COLUMN}>
                    Unit price
                  </TableCell>
                  <TableCell align="right">Quantity</TableCell>
                  <TableCell align="right">Total</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                <TableRow>
                  <TableCell>
                    <Typography sx={{ fontWeight: 600 }}>{plan.name}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {credit ? `${plan.credits} credit${plan.credits === 1 ? '' : 's'} per unit` : `${plan.months} months`} ·{' '}
                      {MEMBERSHIP_MESSAGES.pickupWithin}
                    </Typography>
                    <Typography variant="body2" sx={{ display: { sm: 'none' }, mt: 0.5 }}>
                      Unit price {formatUsd(orderTotalCents(plan.amount, 1))}
                    </Typography>
                  </TableCell>
                  <TableCell align="right" sx={UNIT_PRICE_COLUMN}>
                    {formatUsd(orderTotalCents(plan.amount, 1))}
                  </TableCell>
                  <TableCell align="right">
                    {credit ? (
                      <TextField
                        type="number"
                        size="small"
                        value={typedQuantity}
                        onChange={(event) => setTypedQuantity(event.target.value)}
                        onBlur={() => setTypedQuantity(String(quantityOf(typedQuantity)))}
                        sx={{ width: { xs: 72, sm: 96 } }}
                        slotProps={{ htmlInput: { min: 1, max: MAX_QUANTITY, step: 1, 'aria-label': 'Quantity', inputMode: 'numeric' } }}
                      />
                    ) : (
                      1
                    )}
                  </TableCell>
                  <TableCell align="right" sx={{ fontWeight: 700 }} aria-live="polite">
                    {formatUsd(orderTotalCents(plan.amount, quantity))}
                  </TableCell>
                </TableRow>
              </TableBody>
            </Table>
          </TableContainer>
          <Box sx={{ mt: 3 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={agreed}
                  onChange={(event) => {
                    setAgreed(event.target.checked);
                    if (event.target.checked) setTermsMissing(false);
                  }}
                  slotProps={{
                    input: {
                      ref: termsBox,
                      'aria-invalid': termsMissing || undefined,
                      'aria-describedby': termsMissing ? termsErrorId : undefined,
                    } as InputHTMLAttributes<HTMLInputElement> & { ref: RefObject<HTMLInputElement | null> },
                  }}
                />
              }
              label={<TermsSentence text="I agree with the terms and conditions" linked="terms and conditions" />}
            />
            {termsMissing && (
              <FormHelperText error id={termsErrorId} role="alert" sx={{ mt: 0 }}>
                {MEMBERSHIP_MESSAGES.terms}
              </FormHelperText>
            )}
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              Parcels wait in your locker free of charge until 12:00 PM PST the day after delivery; each extra day costs 1 credit, for up
              to 2 days.
            </Typography>
          </Box>
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, justifyContent: 'space-between', alignItems: 'center', mt: 3 }}>
            <Button component={RouterLink} to={paths.membership.getHref()} color="secondary">
              Back to plans
            </Button>
            <Button
              variant="contained"
              size="large"
              onClick={() => void checkout()}
              disabled={buy.isPending || leaving}
              sx={{ bgcolor: '#ffc439', color: '#111827', px: 4, '&:hover': { bgcolor: '#f2ba36' } }}
            >
              PayPal Checkout
            </Button>
          </Box>
        </>
      )}
    </PageCard>
  );
}
