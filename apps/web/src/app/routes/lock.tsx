import { AuthCard } from '../../components/layout/auth-card';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form';

export function LockRoute() {
  return (
    <AuthCard title="Forgot password?" subtitle="Enter the e-mail of your account and we will send you a link to reset your password.">
      <ForgotPasswordForm />
    </AuthCard>
  );
}
