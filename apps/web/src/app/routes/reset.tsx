import { AuthCard } from '../../components/layout/auth-card';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form';

export function ResetRoute() {
  return (
    <AuthCard title="Reset password" subtitle="Choose a new password of at least 8 characters with upper and lower case letters and a number.">
      <ResetPasswordForm />
    </AuthCard>
  );
}
