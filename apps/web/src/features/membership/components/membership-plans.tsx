import { MEMBERSHIP_MESSAGES, MEMBERSHIP_PLAN, formatUsd, orderTotalCents, type Membership } from '@airbox/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useUser } from '../../../lib/user';
import { useMemberships } from '../api/get-memberships';

/** user.membership: 1 or empty is the credit plan. */
export function currentPlan(membership: number | null | undefined): number {
  return membership === MEMBERSHIP_PLAN.sixMonths || membership === MEMBERSHIP_PLAN.twelveMonths ? membership : MEMBERSHIP_PLAN.credit;
}

function PlanCard({ plan, current }: { plan: Membership; current: boolean }) {
  const headingId = useId();
  const credit = plan.id === MEMBERSHIP_PLAN.credit;
  const price = formatUsd(orderTotalCents(plan.amount, 1));
  const initial = formatUsd(orderTotalCents(plan.initial, 1));
  const features = credit
    ? [`${plan.credits} credit${plan.credits === 1 ? '' : 's'} per delivery`, 'Buy as many credits as you need']
    : [`Membership for ${plan.months} months`, plan.credits > 0 ? `${plan.credits} credits included` : 'No credits charged for deliveries'];
  return (
    <Card
      component="section"
      aria-labelledby={headingId}
      variant="outlined"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        borderWidth: current ? 2 : 1,
        borderColor: current ? 'primary.main' : 'divider',
      }}
    >
      <CardContent sx={{ flexGrow: 1, textAlign: 'center' }}>
        <Box sx={{ minHeight: 32 }}>{current && <Chip color="primary" size="small" label="Current plan" />}</Box>
        <Typography id={headingId} variant="h3" sx={{ fontSize: '1.2rem', fontWeight: 700, mt: 1 }}>
          {plan.name}
        </Typography>
        <Box sx={{ my: 2 }}>
          <Typography component="span" sx={{ fontSize: '2.25rem', fontWeight: 700 }}>
            {price}
          </Typography>
          {initial !== price && (
            <Typography component="s" color="text.secondary" sx={{ ml: 1, fontSize: '1.1rem' }} aria-label={`was ${initial}`}>
              {initial}
            </Typography>
          )}
          <Typography color="text.secondary">{credit ? 'per credit' : `for ${plan.months} months`}</Typography>
        </Box>
        <List dense sx={{ textAlign: 'left', maxWidth: 260, mx: 'auto' }}>
          {[...features, MEMBERSHIP_MESSAGES.pickupWithin].map(
            (feature) => (
              <ListItem key={feature} disableGutters>
                <ListItemIcon sx={{ minWidth: 32 }}>
                  <CheckCircle color="success" fontSize="small" />
                </ListItemIcon>
                <ListItemText primary={feature} />
              </ListItem>
            ),
          )}
        </List>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          component={RouterLink}
          to={paths.buyMembership.getHref(plan.id)}
          variant={current ? 'contained' : 'outlined'}
          fullWidth
          size="large"
          aria-label={`${current && credit ? 'Buy more' : 'Choose Plan'}: ${plan.name}`}
        >
          {current && credit ? 'Buy more' : 'Choose Plan'}
        </Button>
      </CardActions>
    </Card>
  );
}

/** /membership (spec 03 §2): the three plans, the current one marked. */
export function MembershipPlans({ userId }: { userId: number }) {
  const memberships = useMemberships();
  const user = useUser(userId);
  const current = user.data ? currentPlan(user.data.users[0]?.membership) : null;
  const plans = memberships.data?.memberships ?? [];
  return (
    <Box sx={{ maxWidth: 1100, mx: 'auto' }}>
      <Typography variant="h2" component="h2" sx={{ textAlign: 'center', fontSize: { xs: '1.5rem', sm: '2rem' }, mb: 1 }}>
        {MEMBERSHIP_MESSAGES.heading}
      </Typography>
      <Typography color="text.secondary" sx={{ textAlign: 'center', mb: 4 }}>
        Pay per delivery with credits, or choose a membership for a period. Payment is by PayPal.
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: 'repeat(3, 1fr)' } }}>
        {memberships.isPending
          ? [0, 1, 2].map((index) => <Skeleton key={index} variant="rounded" height={380} />)
          : plans.map((plan) => <PlanCard key={plan.id} plan={plan} current={plan.id === current} />)}
      </Box>
    </Box>
  );
}
