import { MEMBERSHIP_PLAN, MEMBERSHIP_PLAN_NAMES, type UserProfile } from '@airbox/contract';
import AccountBalanceWalletOutlined from '@mui/icons-material/AccountBalanceWalletOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { TextLink } from '../../../components/layout/text-link';
import { paths } from '../../../config/paths';
import { useFormatDateTime } from '../../../lib/user';
import { DashboardCard } from './dashboard-card';

/** The plan a user record names (spec 01 §3: 1 or empty is the Credit Plan). */
function planOf(membership: number | null | undefined) {
  return membership === MEMBERSHIP_PLAN.sixMonths || membership === MEMBERSHIP_PLAN.twelveMonths ? membership : MEMBERSHIP_PLAN.credit;
}

/** Until when a 6- or 12-month membership runs, or since when it has ended; null on the credit plan. */
export function expiryText(
  user: Pick<UserProfile, 'membership' | 'membership_expire'>,
  format: (value: Date) => string,
  now = Date.now(),
): string | null {
  if (planOf(user.membership) === MEMBERSHIP_PLAN.credit || !user.membership_expire) return null;
  const expires = new Date(user.membership_expire);
  if (Number.isNaN(expires.getTime())) return null;
  return `${expires.getTime() > now ? 'Valid until' : 'Expired on'} ${format(expires)}`;
}

/**
 * Credits and membership (issue 11; spec 01 §1: the dashboard's data carries the plan and the
 * balance): the plan, the balance, the membership's expiry, and the way to buy more.
 */
export function BalanceCard({ user }: { user: UserProfile | undefined }) {
  const plan = planOf(user?.membership);
  const format = useFormatDateTime();
  const expiry = user ? expiryText(user, format) : null;
  return (
    <DashboardCard
      icon={<AccountBalanceWalletOutlined />}
      title="Credits & Membership"
      action={
        <>
          {/* Named as the page it opens is (spec 01 §2: /buymembership/{id} is Buy membership), at the credit plan. */}
          <Button variant="contained" component={RouterLink} to={paths.buyMembership.getHref(MEMBERSHIP_PLAN.credit)}>
            Buy Membership
          </Button>
          <Button variant="outlined" component={RouterLink} to={paths.membership.getHref()}>
            See Plans
          </Button>
        </>
      }
    >
      {user ? (
        <Box sx={{ display: 'grid', gap: 1 }}>
          <Typography>
            <Typography component="span" sx={{ fontSize: '2.25rem', fontWeight: 700, lineHeight: 1.2, mr: 1 }}>
              {user.credits}
            </Typography>
            {user.credits === 1 ? 'credit' : 'credits'}
          </Typography>
          <Typography>
            Plan: <strong>{MEMBERSHIP_PLAN_NAMES[plan]}</strong>
          </Typography>
          {expiry && <Typography color={expiry.startsWith('Expired') ? 'warning.dark' : 'text.secondary'}>{expiry}</Typography>}
          <Typography variant="body2">
            <TextLink to={paths.transaction.getHref()}>Transaction History</TextLink>
          </Typography>
        </Box>
      ) : (
        <Skeleton variant="text" width={160} sx={{ fontSize: '2.25rem' }} />
      )}
    </DashboardCard>
  );
}
