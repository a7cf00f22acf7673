import { COMPANY_ROLES, QR_SIZE, usableHubs, type RoleId } from '@airbox/contract';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { QRCodeSVG } from 'qrcode.react';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PageCard } from '../../../components/layout/page-card';
import { paths } from '../../../config/paths';
import type { SessionHints } from '../../../lib/session';
import { useUser } from '../../../lib/user';
import { useCompanyInfo } from '../api/get-company-info';
import { useUserQrCode } from '../api/get-user-qr-code';
import { hubLines, mailingAddressLines } from '../utils/mailing-address';
import { WalletPassButton } from './wallet-pass-button';

function InfoBlock({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} sx={{ p: 2.5, bgcolor: 'background.default' }}>
      <Typography variant="h3" sx={{ fontSize: '1rem', fontWeight: 600, mb: 1 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

function Lines({ lines }: { lines: string[] }) {
  return (
    <Box component="address" sx={{ fontStyle: 'normal', lineHeight: 1.6 }}>
      {lines.map((line, index) => (
        <Box key={index}>{line}</Box>
      ))}
    </Box>
  );
}

/**
 * /parent/boxid (spec 03 §2): the AirBox ID, its QR code, the mailing address senders use (with
 * the company for roles 15 and 16), the delivery hub and the Apple Wallet action.
 */
export function AirboxId({ session }: { session: SessionHints }) {
  const user = useUser(session.userId);
  const qrCode = useUserQrCode(session.userId);
  const profile = user.data?.users[0];
  const business = COMPANY_ROLES.includes((profile?.role_id ?? session.roleId) as RoleId);
  const company = useCompanyInfo(business ? profile?.business_company_id : null);

  // lockers lists every hub; the user's own is the one lockerUUID names (none until chosen).
  const hub = usableHubs(user.data?.lockers ?? []).find((candidate) => candidate.id === profile?.lockerUUID) ?? null;
  const boxId = profile?.BOXID ?? session.boxId;
  const code = qrCode.data?.qrcode ?? '';

  return (
    <PageCard title="My AirBox ID" action={<WalletPassButton userId={session.userId} />}>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: 'minmax(0, 1fr)', md: 'minmax(0, 1fr) minmax(0, 1.4fr)' } }}>
        <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', p: 2 }}>
          <Typography color="text.secondary">AirBox ID</Typography>
          <Typography sx={{ fontSize: '2.5rem', fontWeight: 700, letterSpacing: 3, lineHeight: 1 }}>
            {boxId || <Skeleton width={180} />}
          </Typography>
          <Box sx={{ width: 200, height: 200 }}>
            {code ? (
              <QRCodeSVG value={code} size={200} level="L" role="img" aria-label={`QR code of AirBox ID ${boxId}`} />
            ) : (
              <Skeleton variant="rectangular" width={200} height={200} animation={qrCode.isPending ? 'pulse' : false} />
            )}
          </Box>
          <Link component={RouterLink} to={paths.parentQrCode.getHref()}>
            Show a larger QR code ({QR_SIZE.profile}×{QR_SIZE.profile})
          </Link>
        </Stack>
        <Stack spacing={2}>
          <InfoBlock title="Mailing address">
            {profile ? (
              <>
                <Lines
                  lines={mailingAddressLines({
                    firstName: profile.First_name,
                    lastName: profile.Last_name,
                    boxId,
                    hub,
                    companyName: business ? company.data?.company_name : null,
                  })}
                />
                <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                  Give senders this address: parcels marked with your AirBox ID go to your locker.
                </Typography>
              </>
            ) : (
              <Skeleton height={96} />
            )}
          </InfoBlock>
          <InfoBlock title="Delivery hub address">
            {!profile ? (
              <Skeleton height={56} />
            ) : hub ? (
              <Lines lines={hubLines(hub)} />
            ) : (
              <Typography color="text.secondary">
                No delivery hub chosen yet.{' '}
                <Link component={RouterLink} to={paths.parentProfile.getHref()} underline="always">
                  Choose one in My Profile
                </Link>
                .
              </Typography>
            )}
          </InfoBlock>
        </Stack>
      </Box>
    </PageCard>
  );
}
