import { AuthCard } from '../../components/layout/auth-card';
import { env } from '../../config/env';
import { LoginForm } from '../../features/auth/components/login-form';

export function LoginRoute() {
  return (
    <AuthCard title="Login" subtitle={`Welcome back to ${env.brandName}. Sign in to see your packages and shipments.`}>
      <LoginForm />
    </AuthCard>
  );
}
