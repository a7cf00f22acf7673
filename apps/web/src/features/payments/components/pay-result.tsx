import {
  MEMBERSHIP_PLAN,
  MEMBERSHIP_PLAN_NAMES,
  MESSAGES,
  PAY_REDIRECT_DELAY_MS,
  planField,
  quantityField,
  safeRedirectPath,
  type MembershipPlan,
} from '@airbox/contract';
import CancelOutlined from '@mui/icons-material/CancelOutlined';
import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { readSession } from '../../../lib/session';
import { useFormatDateTime, useUser } from '../../../lib/user';
import { PaymentOutcome } from './payment-outcome';

/** What the payment bought, from the query the server's return wrote (paySuccess?plan=&number=); null when absent or bad. */
export function boughtFrom(searchParams: URLSearchParams): { plan: MembershipPlan; number: number } | null {
  const plan = planField.safeParse(searchParams.get('plan') ?? '');
  const number = quantityField.safeParse(searchParams.get('number') ?? '1');
  return plan.success && number.success ? { plan: plan.data, number: number.data } : null;
}

/** 'You bought 10 credits.' or 'You bought the 6 MONTHS MEMBERSHIP.' */
export function boughtText({ plan, number }: { plan: MembershipPlan; number: number }): string {
  return plan === MEMBERSHIP_PLAN.credit ? `You bought ${number} credit${number === 1 ? '' : 's'}.` : `You bought the ${MEMBERSHIP_PLAN_NAMES[plan]}.`;
}

/** The balance or the membership's end after the purchase, from the user's record read afresh. */
function AfterPurchase({ plan }: { plan: MembershipPlan }) {
  const session = readSession();
  const user = useUser(session?.userId ?? 0);
  const format = useFormatDateTime();
  const record = session ? user.data?.users[0] : undefined;
  if (!record) return null;
  const text =
    plan === MEMBERSHIP_PLAN.credit || !record.membership_expire
      ? `Your balance is now ${record.credits} credit${record.credits === 1 ? '' : 's'}.`
      : `Your membership runs until ${format(record.membership_expire)}.`;
  return <Typography sx={{ mt: 1 }}>{text}</Typography>;
}

/**
 * /paySuccess and /payCancel: says how the payment ended, then after 2 seconds goes to the
 * `redirect` target when it is a path inside the app, or to the default page. A success names
 * what was bought (issue 11) when the return said so.
 */
export function PayResult({ outcome, fallback }: { outcome: 'success' | 'cancel'; fallback: string }) {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const target = safeRedirectPath(searchParams.get('redirect')) ?? fallback;
  const bought = outcome === 'success' ? boughtFrom(searchParams) : null;

  useEffect(() => {
    const timer = window.setTimeout(() => navigate(target, { replace: true }), PAY_REDIRECT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [navigate, target]);

  return (
    <PaymentOutcome
      icon={outcome === 'success' ? CheckCircleOutline : CancelOutlined}
      iconColor={outcome === 'success' ? 'success' : 'warning'}
      maxWidth={520}
      role="status"
      heading={outcome === 'success' ? MESSAGES.paySuccess : MESSAGES.payCancel}
    >
      {bought && (
        <>
          <Typography sx={{ mt: 2, fontWeight: 500 }}>{boughtText(bought)}</Typography>
          <AfterPurchase plan={bought.plan} />
        </>
      )}
    </PaymentOutcome>
  );
}
