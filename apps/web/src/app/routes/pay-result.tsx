import { paths } from '../../config/paths';
import { PayDeclined } from '../../features/payments/components/pay-declined';
import { PayPending } from '../../features/payments/components/pay-pending';
import { PayResult } from '../../features/payments/components/pay-result';

export const PaySuccessRoute = () => <PayResult outcome="success" fallback={paths.dashboard.getHref()} />;
export const PayCancelRoute = () => <PayResult outcome="cancel" fallback={paths.membership.getHref()} />;
export const PayDeclinedRoute = PayDeclined;
export const PayPendingRoute = PayPending;
