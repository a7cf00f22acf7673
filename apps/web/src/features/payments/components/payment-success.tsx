import { formatUsd, toCents } from '@airbox/contract';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useAlert } from '../../../components/alert/alert-context';
import { paths } from '../../../config/paths';

/** The amount from the query, shown as dollars; null when it is not a number. */
function formatAmount(raw: string | null): string | null {
  if (raw === null || raw.trim() === '') return null;
  const amount = Number(raw);
  return Number.isFinite(amount) && amount >= 0 ? formatUsd(toCents(amount)) : null;
}

/** /payment?amount=…: the success screen of a payment; a success dialog, then login. */
export function PaymentSuccess() {
  const alert = useAlert();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const amount = formatAmount(searchParams.get('amount'));
  const text = amount ? `Your payment of ${amount} was successful.` : 'Your payment was successful.';

  useEffect(() => {
    let active = true;
    void alert.show({ icon: 'success', title: 'Payment successful', text }).then(() => {
      if (active) navigate(paths.login.getHref(), { replace: true });
    });
    return () => {
      active = false;
    };
  }, [alert, navigate, text]);

  return <Typography role="status">{text}</Typography>;
}
