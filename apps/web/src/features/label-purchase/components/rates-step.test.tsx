import { DROPOFF_TEXT, type LabelRate } from '@airbox/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useWizard } from '../../../components/wizard/use-wizard';
import { WizardFrame } from '../../../components/wizard/wizard-frame';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { RatesStep, dutiesText, savingOf, sortRates } from './rates-step';

/** The step inside a wizard of its own, as the label page frames it. */
function InWizard({ children }: { children: ReactNode }) {
  const wizard = useWizard(['Rates']);
  return (
    <WizardFrame wizard={wizard} title="Buy a shipping label" subtitle="" busyLabel="Working">
      {children}
    </WizardFrame>
  );
}

const rate = (carrier: string, service: string, price: string, rateId: string, extra: Partial<LabelRate> = {}): LabelRate => ({
  rateId,
  carrier,
  service,
  rate: price,
  retailRate: price,
  deliveryDays: 2,
  deliveryDate: '2026-12-02',
  cheapest: false,
  fastest: false,
  ...extra,
});

const RATES = [rate('USPS', 'Priority', '9.25', 'rate_usps'), rate('UPSDAP', 'Ground', '10.95', 'rate_ups')];
const SHIP_DATES = ['2026-11-30', '2026-12-01', '2026-12-02'];

function renderRates(
  chosen: string | null,
  { rates = RATES, onShipDate = vi.fn(), loading = false, international = false, refused }: { rates?: LabelRate[]; onShipDate?: () => void; loading?: boolean; international?: boolean; refused?: string[] } = {},
) {
  return renderWithProviders(
    <InWizard>
      <RatesStep
        state={refused ? { status: 'noRates', reasons: refused } : loading ? { status: 'loading' } : { status: 'ready', draftId: 1, rates, insurance: '0.00', messages: [] }}
        serviceName={(carrier, service) => `${carrier} ${service}`}
        chosen={chosen}
        international={international}
        notice={null}
        shipDate="2026-11-30"
        shipDates={SHIP_DATES}
        today="2026-11-30"
        onShipDate={onShipDate}
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

  it('shows each price with the carrier’s retail price struck through and the saving, and nothing struck without a saving', async () => {
    renderRates(null, {
      rates: [rate('USPS', 'GroundAdvantage', '5.93', 'rate_ga', { retailRate: '8.45', cheapest: true }), rate('UPSDAP', 'Ground', '10.22', 'rate_ups')],
    });
    const services = await screen.findByRole('radiogroup', { name: 'Services' });
    const saving = within(services).getByRole('radio', { name: 'USPS GroundAdvantage · $5.93' });
    expect(saving).toHaveAccessibleDescription('2 business days Est. delivery Wed, Dec 2 Retail price $8.45 Save $2.52 (30%)');
    const card = saving.closest('label') as HTMLElement;
    expect(within(card).getByText('$8.45').tagName).toBe('S');
    expect(within(card).getByText('Save $2.52 (30%)')).toBeVisible();
    const plain = within(services).getByRole('radio', { name: 'UPSDAP Ground · $10.22' });
    expect(plain).toHaveAccessibleDescription('2 business days Est. delivery Wed, Dec 2');
    expect(plain.closest('label')).toHaveTextContent('Est. delivery Wed, Dec 2');
    const plainCard = plain.closest('label') as HTMLElement;
    expect(plainCard.querySelector('s')).toBeNull();
    expect(within(plainCard).queryByText(/^Save/)).not.toBeInTheDocument();
  });

  it('says the business days alone when the carrier gives no date, and says when it gives neither', async () => {
    renderRates(null, {
      rates: [rate('USPS', 'Priority', '9.25', 'rate_usps', { deliveryDate: null, deliveryDays: 3 }), rate('UPSDAP', 'Ground', '10.95', 'rate_ups', { deliveryDate: null, deliveryDays: null })],
    });
    expect(await screen.findByRole('radio', { name: /USPS Priority/ })).toHaveAccessibleDescription('3 business days');
    expect(screen.getByRole('radio', { name: /UPSDAP Ground/ })).toHaveAccessibleDescription('Delivery time not given');
  });

  it('offers the ship dates, today named, and asks for rates again when another is chosen', async () => {
    const onShipDate = vi.fn();
    renderRates(null, { onShipDate });
    const select = await screen.findByRole('combobox', { name: 'Ship date' });
    expect(within(select).getAllByRole('option').map((option) => option.textContent)).toEqual(['Today, Mon, Nov 30', 'Tue, Dec 1', 'Wed, Dec 2']);
    expect(select).toHaveValue('2026-11-30');
    await userEvent.setup().selectOptions(select, '2026-12-01');
    expect(onShipDate).toHaveBeenCalledWith('2026-12-01');
  });

  it('keeps the ship date shown but not changeable while the rates are asked', async () => {
    renderRates(null, { loading: true });
    expect(await screen.findByRole('combobox', { name: 'Ship date' })).toBeDisabled();
  });

  it('sorts by the day expected (undated last), and by price', () => {
    const rates = [
      rate('A', 'late', '5.00', 'a', { deliveryDate: '2026-12-04', deliveryDays: 4 }),
      rate('B', 'undated', '4.00', 'b', { deliveryDate: null, deliveryDays: null }),
      rate('C', 'early', '9.00', 'c', { deliveryDate: '2026-12-01', deliveryDays: 1 }),
    ];
    expect(sortRates(rates, 'days').map((found) => found.rateId)).toEqual(['c', 'a', 'b']);
    expect(sortRates(rates, 'price').map((found) => found.rateId)).toEqual(['b', 'a', 'c']);
    expect(savingOf({ rate: '5.00', retailRate: '5.00' })).toBeNull();
    expect(savingOf({ rate: '5.00', retailRate: '4.00' })).toBeNull();
  });
});

describe('the Rates step of a parcel abroad (issue 25 item 3)', () => {
  it('says the duties and taxes the carrier estimates before payment, or that the recipient pays them when it does not rate them', () => {
    renderRates('rate_usps', { international: true, rates: [rate('USPS', 'PriorityMailInternational', '43.50', 'rate_usps', { dutiesAndTaxes: '6.31' })] });
    expect(screen.getByText('Duties and taxes estimated by the carrier: $6.31, paid by the recipient on delivery.')).toBeInTheDocument();
    expect(dutiesText({ dutiesAndTaxes: null })).toBe('Duties and taxes are paid by the recipient on delivery.');
    expect(dutiesText({ dutiesAndTaxes: '0.00' })).toBe('The carrier expects no duties or taxes for this declaration.');
  });

  it('says nothing of duties at home', () => {
    renderRates('rate_usps');
    expect(screen.queryByText(/Duties and taxes/)).not.toBeInTheDocument();
  });

  it('names the field of a declaration the carrier refused', () => {
    renderRates(null, { refused: ['items[1].hs_tariff_number: the carrier needs the HS code of every item'] });
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('The carrier refused this shipment:');
    expect(alert).toHaveTextContent('Item 2, HS code: the carrier needs the HS code of every item');
  });
});
