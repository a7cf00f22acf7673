import { MEMBERSHIP_PLAN, MEMBERSHIP_PLAN_NAMES, safeRedirectPath } from '@airbox/contract';
import HourglassTop from '@mui/icons-material/HourglassTopOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { boughtFrom } from './pay-result';
import { PaymentOutcome } from './payment-outcome';

export const PAY_PENDING_TEXTS = {
  heading: 'Your payment is being confirmed',
  taken: 'PayPal has your payment but is still confirming it (for example an eCheck that has not cleared yet). Nothing has failed, and you do not need to pay again.',
  whatNext: 'As soon as PayPal confirms it, your purchase goes through. If PayPal declines it, nothing is bought or charged, and we tell you by e-mail.',
  continue: 'Continue',
} as const;

/**
 * /payPending (issue 19): the provider took the payment but has not confirmed it (a PENDING
 * capture). Neither Pay Success nor Pay Cancel: it says the payment is being confirmed and what
 * happens next, names what a plan's payment buys (`plan`, `number`, validated), and stays until
 * the customer goes on (to `redirect` when it is a path inside the app, else the dashboard).
 */
export function PayPending() {
  const [searchParams] = useSearchParams();
  const buying = boughtFrom(searchParams);
  const next = safeRedirectPath(searchParams.get('redirect')) ?? paths.dashboard.getHref();
  const buyingText = buying
    ? buying.plan === MEMBERSHIP_PLAN.credit
      ? `You are buying ${buying.number} credit${buying.number === 1 ? '' : 's'}.`
      : `You are buying the ${MEMBERSHIP_PLAN_NAMES[buying.plan]}.`
    : null;
  return (
    <PaymentOutcome
      icon={HourglassTop}
      iconColor="info"
      maxWidth={560}
      role="status"
      heading={PAY_PENDING_TEXTS.heading}
      actions={
        <Button variant="contained" component={RouterLink} to={next} sx={{ mt: 4 }}>
          {PAY_PENDING_TEXTS.continue}
        </Button>
      }
    >
      {buyingText && <Typography sx={{ mt: 2, fontWeight: 500 }}>{buyingText}</Typography>}
      <Typography sx={{ mt: 2 }}>{PAY_PENDING_TEXTS.taken}</Typography>
      <Typography sx={{ mt: 1 }}>{PAY_PENDING_TEXTS.whatNext}</Typography>
    </PaymentOutcome>
  );
}
