import { MESSAGES, STORAGE_KEYS } from '@airbox/contract';
import Inventory2Outlined from '@mui/icons-material/Inventory2Outlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import MuiAlert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { AdvertisementBanner } from '../../../components/layout/advertisement-banner';
import { paths } from '../../../config/paths';
import { getCarrierServiceRenamingQueryOptions } from '../../../lib/carrier-services';
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

/**
 * The dashboard (spec 01 §2, issue 11): the packages waiting in lockers with their pickup codes,
 * credits and membership with the way to buy more, the newest labels, the saved-order notice
 * and the banner. A customer with no transaction and no label yet is welcomed, not welcomed back.
 */
export function Dashboard({ session }: { session: SessionHints }) {
  const alert = useAlert();
  const unpickups = useUnpickups(session.userId);
  const user = useUser(session.userId);
  const shipments = useRecentShipments(session.userId);
  const activity = useActivity(session.userId);
  const [savedOrder, dismissSavedOrder] = useSavedOrderNotice();
  useQuery(getCarrierServiceRenamingQueryOptions());

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
  const greetingKnown = !activity.isPending && !shipments.isPending && !unpickups.isPending;

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
      {greetingKnown ? (
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
      ) : (
        <Skeleton variant="text" width={260} sx={{ fontSize: '2rem' }} />
      )}
      <DashboardCard
        icon={<Inventory2Outlined />}
        title="Packages Not Picked Up"
        aside={
          unpickups.isPending ? (
            <Skeleton variant="text" width={48} sx={{ fontSize: '2.5rem' }} />
          ) : (
            <Typography sx={{ fontSize: '2.5rem', fontWeight: 700, lineHeight: 1.2 }} aria-live="polite" aria-label={`${count ?? 0} waiting`}>
              {count ?? '–'}
            </Typography>
          )
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
          ) : shipments.isPending ? (
            <Skeleton variant="rounded" height={96} />
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
