import { AuthCard } from '../../components/layout/auth-card';
import { PaymentSuccess } from '../../features/payments/components/payment-success';

export function PaymentRoute() {
  return (
    <AuthCard title="Payment">
      <PaymentSuccess />
    </AuthCard>
  );
}
