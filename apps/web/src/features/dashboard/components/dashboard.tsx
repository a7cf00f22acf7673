import { MESSAGES, STORAGE_KEYS } from '@airbox/contract';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import MuiAlert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { AdvertisementBanner } from '../../../components/layout/advertisement-banner';
import { paths } from '../../../config/paths';
import { useAdvertisements } from '../../../lib/advertisements';
import { getCarrierServiceRenamingQueryOptions } from '../../../lib/carrier-services';
import { useFirstAnswersDrawn } from '../../../lib/first-answers';
import { labelPurchaseHref as buildLabelPurchaseHref } from '../../../lib/label-purchase';
import type { SessionHints } from '../../../lib/session';
import { useUser } from '../../../lib/user';
import { useActivity } from '../api/get-activity';
import { useRecentShipments } from '../api/get-recent-shipments';
import { useUnpickups } from '../../../lib/waiting-packages';
import { BalanceCard } from './balance-card';
import { DashboardCard } from './dashboard-card';
import { RecentShipments } from './recent-shipments';
import { WaitingPackages } from './waiting-packages';

/** Reads the saved-order flag once (spec 01 §2) and clears it, so the notice shows on this visit only. */
function useSavedOrderNotice(): [boolean, () => void] {
  const [shown, setShown] = useState(() => Boolean(localStorage.getItem(STORAGE_KEYS.savedOrderFlag)));
  useEffect(() => {
    localStorage.removeItem(STORAGE_KEYS.savedOrderFlag);
  }, []);
  return [shown, () => setShown(false)];
}

/** A card's frame while the dashboard's first answers are on their way: its icon tile, title line and `lines` of text. */
function CardSkeleton({ lines, height }: { lines: number; height?: number }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Skeleton variant="rounded" width={48} height={48} />
          <Skeleton variant="text" sx={{ fontSize: '1.5rem', flexGrow: 1, maxWidth: 260 }} />
        </Stack>
        {height ? <Skeleton variant="rounded" height={height} /> : Array.from({ length: lines }, (_, i) => <Skeleton key={i} variant="text" />)}
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Skeleton variant="rounded" width={180} height={36} />
      </CardActions>
    </Card>
  );
}

/**
 * The dashboard's shape while its first answers are on their way (issue 24): the greeting, the
 * packages card (one package's height) and the two cards beside it. The dashboard is drawn in one
 * go when they are in, so nothing that arrives later pushes what is already drawn down the page.
 */
function DashboardSkeleton() {
  return (
    <Stack spacing={3} role="status" aria-label="Loading your dashboard" aria-busy="true">
      <Skeleton variant="text" width={260} sx={{ fontSize: '2rem' }} />
      <CardSkeleton lines={0} height={220} />
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <CardSkeleton lines={4} />
        <CardSkeleton lines={0} height={96} />
      </Box>
    </Stack>
  );
}

/**
 * The dashboard (spec 01 §2, issue 11): the packages waiting in lockers with their pickup codes,
 * credits and membership with the way to buy more, the newest labels, the saved-order notice
 * and the banner. A customer with no transaction and no label yet is welcomed, not welcomed back.
 * Its calls start with its code (the route's loader, app/routes/dashboard-data.ts); until the
 * first answers of each (or a failure) are in, it shows its skeleton, then everything at once:
 * the banner, which sits atop the page, can no longer push the page down when it comes in after
 * the rest (a layout shift of 0.68 in a cold load, issue 24).
 */
export function Dashboard({ session }: { session: SessionHints }) {
  const alert = useAlert();
  const unpickups = useUnpickups(session.userId);
  const user = useUser(session.userId);
  const shipments = useRecentShipments(session.userId);
  const activity = useActivity(session.userId);
  const advertisements = useAdvertisements();
  const [savedOrder, dismissSavedOrder] = useSavedOrderNotice();
  // Asked on every visit (spec 01 §7: after login and on the dashboard), without holding the
  // answer: a query read here would draw the whole dashboard again, in one long task, when the
  // list comes in (issue 24); the labels' service names read it where shown (lib/service-names.ts).
  const queryClient = useQueryClient();
  useEffect(() => {
    void queryClient.prefetchQuery(getCarrierServiceRenamingQueryOptions());
  }, [queryClient]);

  useEffect(() => {
    if (user.isError) void alert.show({ icon: 'error', title: MESSAGES.somethingWrongTitle, text: MESSAGES.somethingWrongText });
  }, [alert, user.isError]);

  const profile = user.data?.users[0];
  const firstName = profile?.First_name || session.firstName;
  const boxId = profile?.BOXID ?? session.boxId;
  const labelPurchaseHref = buildLabelPurchaseHref({ boxId, userId: session.userId });
  const count = unpickups.data?.unpickups;
  const firstTime =
    activity.data?.total === 0 && shipments.data?.data.total === 0 && count === 0;
  // The first answers of each (data or a failure), then kept: lib/first-answers.ts.
  const drawn = useFirstAnswersDrawn([unpickups, user, shipments, activity, advertisements]);
  if (!drawn) return <DashboardSkeleton />;

  return (
    <Stack spacing={3}>
      <AdvertisementBanner />
      {savedOrder && (
        <MuiAlert
          severity="success"
          onClose={dismissSavedOrder}
          action={
            <Button color="inherit" size="small" component={RouterLink} to={paths.myOrders.getHref()}>
              Orders In Progress
            </Button>
          }
          sx={{ alignItems: 'center', '& .MuiAlert-action': { pt: 0 } }}
        >
          {MESSAGES.savedOrder}
        </MuiAlert>
      )}
      <Box>
        <Typography variant="h2" component="p" sx={{ fontWeight: 500 }}>
          {firstTime ? 'Welcome to AirBox' : 'Welcome back'}
          {firstName ? `, ${firstName}` : ''}
        </Typography>
        {firstTime && (
          <Typography color="text.secondary" sx={{ mt: 1, maxWidth: 720 }}>
            Shop with your AirBox ID{boxId ? ` ${boxId}` : ''} in the address: packages arrive in your hub&apos;s locker and the pickup code
            shows here. Each delivery costs 1 credit, or nothing with a 6- or 12-month membership.
          </Typography>
        )}
      </Box>
      <DashboardCard
        icon={<Inventory2Outlined />}
        title="Packages Not Picked Up"
        aside={
          <Typography sx={{ fontSize: '2.5rem', fontWeight: 700, lineHeight: 1.2 }} aria-live="polite" aria-label={`${count ?? 0} waiting`}>
            {count ?? '–'}
          </Typography>
        }
      >
        {unpickups.data?.packages ? (
          <WaitingPackages packages={unpickups.data.packages} />
        ) : (
          <Typography color="text.secondary">
            {count === 1 ? 'package is' : 'packages are'} waiting for you in your locker.
          </Typography>
        )}
      </DashboardCard>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1fr)' } }}>
        <BalanceCard user={profile} />
        <DashboardCard
          icon={<LocalShippingOutlined />}
          title="Shipments"
          action={
            <Button variant="contained" href={labelPurchaseHref}>
              Buy Shipment Labels
            </Button>
          }
        >
          {shipments.data ? (
            <RecentShipments rows={shipments.data.data.list} total={shipments.data.data.total} />
          ) : (
            <Typography color="text.secondary">Ship with USPS, UPS or FedEx: compare rates, buy a label and schedule a carrier pickup.</Typography>
          )}
          {boxId && (
            <Typography sx={{ mt: 1.5 }}>
              Your AirBox ID: <strong>{boxId}</strong>
            </Typography>
          )}
        </DashboardCard>
      </Box>
    </Stack>
  );
}
