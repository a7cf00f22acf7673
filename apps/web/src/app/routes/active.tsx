import { useParams } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card';
import { ActivateAccount } from '../../features/auth/components/activate-account';

export function ActiveRoute() {
  const { code = '' } = useParams();
  return (
    <AuthCard title="Account activation">
      <ActivateAccount code={code} />
    </AuthCard>
  );
}
