import { MEMBERSHIP_PLAN_NAMES, planField } from '@airbox/contract';
import ErrorOutline from '@mui/icons-material/ErrorOutlineOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { PaymentOutcome } from './payment-outcome';

export const PAY_DECLINED_TEXTS = {
  heading: 'Payment Declined',
  nothingTaken: 'Your payment was declined, so nothing was charged and nothing was bought.',
  whatToDo: 'Try again with another card or PayPal account, or ask your bank or PayPal why the payment was declined.',
  tryAgain: 'Try Again',
  plans: 'Membership Plan',
} as const;

/**
 * /payDeclined (issue 11): the provider declined the payment. Unlike Pay Cancel it says so and
 * what to do, and stays until the customer chooses (no redirect): try the same plan again
 * (`plan` from the query, validated) or go back to the plans.
 */
export function PayDeclined() {
  const [searchParams] = useSearchParams();
  const plan = planField.safeParse(searchParams.get('plan') ?? '');
  return (
    <PaymentOutcome
      icon={ErrorOutline}
      iconColor="error"
      maxWidth={560}
      role="alert"
      heading={PAY_DECLINED_TEXTS.heading}
      actions={
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mt: 4, justifyContent: 'center' }}>
          <Button variant="contained" component={RouterLink} to={plan.success ? paths.buyMembership.getHref(plan.data) : paths.membership.getHref()}>
            {PAY_DECLINED_TEXTS.tryAgain}
          </Button>
          <Button variant="outlined" component={RouterLink} to={paths.membership.getHref()}>
            {PAY_DECLINED_TEXTS.plans}
          </Button>
        </Stack>
      }
    >
      <Typography sx={{ mt: 2 }}>
        {PAY_DECLINED_TEXTS.nothingTaken}
        {plan.success ? ` (${MEMBERSHIP_PLAN_NAMES[plan.data]})` : ''}
      </Typography>
      <Typography sx={{ mt: 1 }}>{PAY_DECLINED_TEXTS.whatToDo}</Typography>
    </PaymentOutcome>
  );
}
