import { useEffect } from 'react';
import { AuthCard } from '../../components/layout/auth-card';
import { env } from '../../config/env';
import { LoginForm } from '../../features/auth/components/login-form';
import { preloadSignedInShell } from './signed-in-chunks';

export function LoginRoute() {
  // While the form is filled in, the signed-in shell and the dashboard are fetched ahead.
  useEffect(() => preloadSignedInShell(), []);
  return (
    <AuthCard title="Login" subtitle={`Welcome back to ${env.brandName}. Sign in to see your packages and shipments.`}>
      <LoginForm />
    </AuthCard>
  );
}
