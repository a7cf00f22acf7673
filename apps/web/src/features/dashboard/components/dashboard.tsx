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
import { useQuery } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import { getCarrierServiceRenamingQueryOptions } from '../../../lib/carrier-services';
import { labelPurchaseHref as buildLabelPurchaseHref } from '../../../lib/label-purchase';
import type { SessionHints } from '../../../lib/session';
import { useAdvertisements } from '../../../lib/advertisements';
import { useUnpickups } from '../api/get-unpickups';
import { useUser } from '../../../lib/user';

function DashboardCard({ icon, title, children, action }: { icon: ReactNode; title: string; children: ReactNode; action?: ReactNode }) {
  return (
    <Card component="section" aria-label={title} variant="outlined" sx={{ display: 'flex', flexDirection: 'column' }}>
      <CardContent sx={{ flexGrow: 1 }}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 2 }}>
          <Box
            aria-hidden
            sx={{
              display: 'grid',
              placeItems: 'center',
              width: 48,
              height: 48,
              borderRadius: 2,
              bgcolor: 'primary.main',
              color: 'primary.contrastText',
            }}
          >
            {icon}
          </Box>
          <Typography variant="h2" component="h2">
            {title}
          </Typography>
        </Stack>
        {children}
      </CardContent>
      {action && <CardActions sx={{ px: 2, pb: 2 }}>{action}</CardActions>}
    </Card>
  );
}

/** The dashboard (spec 01 §2): packages not picked up, the shipment card, notices and the banner. */
export function Dashboard({ session }: { session: SessionHints }) {
  const alert = useAlert();
  const unpickups = useUnpickups(session.userId);
  const user = useUser(session.userId);
  const advertisements = useAdvertisements();
  useQuery(getCarrierServiceRenamingQueryOptions());

  useEffect(() => {
    if (user.isError) void alert.show({ icon: 'error', title: MESSAGES.somethingWrongTitle, text: MESSAGES.somethingWrongText });
  }, [alert, user.isError]);

  useEffect(() => {
    if (!localStorage.getItem(STORAGE_KEYS.savedOrderFlag)) return;
    localStorage.removeItem(STORAGE_KEYS.savedOrderFlag);
    void alert.show({ icon: 'success', text: MESSAGES.savedOrder });
  }, [alert]);

  const profile = user.data?.users[0];
  const boxId = profile?.BOXID ?? session.boxId;
  const labelPurchaseHref = buildLabelPurchaseHref({ boxId, userId: session.userId });
  const advertisement = advertisements.data?.ads[0]?.content;

  return (
    <Stack spacing={3}>
      {advertisement && (
        <MuiAlert severity="warning" role="status">
          {advertisement}
        </MuiAlert>
      )}
      <Typography variant="h2" component="p" sx={{ fontWeight: 500 }}>
        Welcome back{profile?.First_name || session.firstName ? `, ${profile?.First_name ?? session.firstName}` : ''}
      </Typography>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
        <DashboardCard icon={<Inventory2Outlined />} title="Packages Not Picked Up">
          {unpickups.isPending ? (
            <Skeleton variant="text" width={80} sx={{ fontSize: '3rem' }} />
          ) : (
            <Typography sx={{ fontSize: '3rem', fontWeight: 700, lineHeight: 1.2 }} aria-live="polite">
              {unpickups.data?.unpickups ?? '–'}
            </Typography>
          )}
          <Typography color="text.secondary">
            {unpickups.data?.unpickups === 1 ? 'package is' : 'packages are'} waiting for you in your locker.
          </Typography>
        </DashboardCard>
        <DashboardCard
          icon={<LocalShippingOutlined />}
          title="Shipments"
          action={
            <Button variant="contained" href={labelPurchaseHref}>
              Buy Shipment Labels
            </Button>
          }
        >
          <Typography color="text.secondary">
            Ship with USPS, UPS or FedEx: compare rates, buy a label and schedule a carrier pickup.
          </Typography>
          {boxId && (
            <Typography sx={{ mt: 1 }}>
              Your AirBox ID: <strong>{boxId}</strong>
            </Typography>
          )}
        </DashboardCard>
      </Box>
    </Stack>
  );
}
