import { MESSAGES } from '@airbox/contract';
import { AuthCard } from '../../components/layout/auth-card';
import { LinkInvalid } from '../../features/auth/components/link-invalid';

export function LoseEfficacyRoute() {
  return (
    <AuthCard title={MESSAGES.errorTitle}>
      <LinkInvalid />
    </AuthCard>
  );
}
