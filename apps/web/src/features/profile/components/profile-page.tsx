import { COMPANY_ROLES, MESSAGES, type RoleId } from '@airbox/contract';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useAlert } from '../../../components/alert/alert-context';
import type { SessionHints } from '../../../lib/session';
import { useUser } from '../../../lib/user';
import { CompanyDetails } from './company-details';
import { LabelFormatSetting } from './label-format';
import { ProfileForm } from './profile-form';
import { VacationHolds } from './vacation-holds';

/**
 * /parent/profile: the form once the user's record is read; 'Something Wrong' when it cannot be.
 * Enterprise customers (roles 15, 16) see their company above it (spec 03 §6).
 */
export function ProfilePage({ session }: { session: SessionHints }) {
  const alert = useAlert();
  const user = useUser(session.userId);
  const profile = user.data?.users[0];

  useEffect(() => {
    if (user.isError) void alert.show({ icon: 'error', title: MESSAGES.somethingWrongTitle, text: MESSAGES.somethingWrongText });
  }, [alert, user.isError]);

  if (!profile) {
    return (
      <Stack spacing={2} aria-busy={user.isPending} aria-label="Loading your profile">
        {[0, 1, 2, 3].map((row) => (
          <Skeleton key={row} variant="rounded" height={56} />
        ))}
      </Stack>
    );
  }
  if (!COMPANY_ROLES.includes(profile.role_id as RoleId)) {
    return (
      <Stack spacing={3}>
        <ProfileForm key={profile.user_id} user={profile} />
        <VacationHolds />
        <LabelFormatSetting />
      </Stack>
    );
  }
  return (
    <Stack spacing={3}>
      <CompanyDetails user={profile} />
      <ProfileForm key={profile.user_id} user={profile} />
      <VacationHolds />
      <LabelFormatSetting />
    </Stack>
  );
}
