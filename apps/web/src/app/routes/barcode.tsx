import { useParams } from 'react-router';
import { AuthCard } from '../../components/layout/auth-card';
import { Barcode } from '../../features/barcode/components/barcode';

export function BarcodeRoute() {
  const { code = '' } = useParams();
  return (
    <AuthCard title="Barcode">
      <Barcode code={code} />
    </AuthCard>
  );
}
