import { DROPOFF_TEXT, type LabelRate } from '@airbox/contract';
import { screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useWizard } from '../../../components/wizard/use-wizard';
import { WizardFrame } from '../../../components/wizard/wizard-frame';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { RatesStep } from './rates-step';

/** The step inside a wizard of its own, as the label page frames it. */
function InWizard({ children }: { children: ReactNode }) {
  const wizard = useWizard(['Rates']);
  return (
    <WizardFrame wizard={wizard} title="Buy a shipping label" subtitle="" busyLabel="Working">
      {children}
    </WizardFrame>
  );
}

const rate = (carrier: string, service: string, price: string, rateId: string): LabelRate => ({
  rateId,
  carrier,
  service,
  rate: price,
  retailRate: price,
  deliveryDays: 2,
  cheapest: false,
  fastest: false,
});

const RATES = [rate('USPS', 'Priority', '9.25', 'rate_usps'), rate('UPSDAP', 'Ground', '10.95', 'rate_ups')];

function renderRates(chosen: string | null) {
  return renderWithProviders(
    <InWizard>
      <RatesStep
      state={{ status: 'ready', draftId: 1, rates: RATES, insurance: '0.00', messages: [] }}
      serviceName={(carrier, service) => `${carrier} ${service}`}
      chosen={chosen}
      notice={null}
      onChoose={vi.fn()}
      onRetry={vi.fn()}
      onEditAddresses={vi.fn()}
      onBack={vi.fn()}
      onNext={vi.fn()}
      />
    </InWizard>,
  );
}

describe('the Rates step', () => {
  it('says, once a UPS service is chosen, that UPS does not come to the door here', async () => {
    renderRates('rate_ups');
    expect(await screen.findByRole('radiogroup', { name: 'Services' })).toBeInTheDocument();
    expect(screen.getByText(DROPOFF_TEXT.rateNote).closest('[role="status"]')).not.toBeNull();
  });

  it('says nothing of drop-offs for the other carriers', async () => {
    renderRates('rate_usps');
    expect(await screen.findByRole('radiogroup', { name: 'Services' })).toBeInTheDocument();
    expect(screen.queryByText(DROPOFF_TEXT.rateNote)).not.toBeInTheDocument();
  });
});
