import { CUSTOMS_LIMITS } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useWizard } from '../../../components/wizard/use-wizard';
import { WizardFrame } from '../../../components/wizard/wizard-frame';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { mockApi } from '../../../testing/test-utils';
import { EMPTY_CUSTOMS, EMPTY_DRAFT, type CustomsValues, type RecipientValues } from '../utils/draft';
import { ToStep } from './address-steps';
import { CustomsStep } from './customs-step';

/**
 * Issue 25 item 3: the To step's Country and the fields its country uses, and the Customs step
 * of a parcel abroad, each mistake named beside its field.
 */

function InWizard({ children }: { children: ReactNode }) {
  const wizard = useWizard(['Step']);
  return (
    <WizardFrame wizard={wizard} title="New shipping label" subtitle="" busyLabel="Working">
      {children}
    </WizardFrame>
  );
}

function renderCustoms(values: Partial<CustomsValues> = {}) {
  const onNext = vi.fn();
  const view = renderWithProviders(
    <InWizard>
      <CustomsStep country="CA" defaultValues={{ ...EMPTY_CUSTOMS, ...values }} onValues={() => undefined} onNext={onNext} onBack={() => undefined} />
    </InWizard>,
  );
  return { ...view, onNext };
}

const textbox = (name: string | RegExp, scope: HTMLElement = document.body) => within(scope).getByRole('textbox', { name });
const item = (n: number) => screen.getByRole('group', { name: `Item ${n}` });

describe('the To step abroad', () => {
  function renderTo(values: Partial<RecipientValues> = {}) {
    mockApi({});
    const onNext = vi.fn();
    const view = renderWithProviders(
      <InWizard>
        <ToStep userId={7} defaultValues={{ ...EMPTY_DRAFT.to, ...values }} onValues={() => undefined} onNext={onNext} onBack={() => undefined} />
      </InWizard>,
    );
    return { ...view, onNext };
  }

  it('asks Canada’s province and postal code, names a US ZIP code as the wrong format, and takes the address as Canada writes it', async () => {
    const { user, onNext } = renderTo();
    expect(screen.getByRole('combobox', { name: /Country/ })).toHaveTextContent('United States');
    await user.click(screen.getByRole('combobox', { name: /Country/ }));
    await user.click(await screen.findByRole('option', { name: 'Canada' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /Province/ })).toBeInTheDocument());
    expect(screen.queryByRole('textbox', { name: /Zip Code/ })).not.toBeInTheDocument();
    await user.type(textbox(/First Name/), 'Sam');
    await user.type(textbox(/Address 1/), '290 Bremner Blvd');
    await user.type(textbox(/^City/), 'Toronto');
    await user.type(textbox(/Postal Code/), '94105');
    await user.type(textbox(/Phone Number/), '4165550100');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please select province')).toBeInTheDocument();
    expect(screen.getByText('Enter the postal code as M5V 2T6')).toBeInTheDocument();
    expect(onNext).not.toHaveBeenCalled();

    await user.click(screen.getByRole('combobox', { name: /Province/ }));
    await user.click(await screen.findByRole('option', { name: 'Ontario' }));
    await user.clear(textbox(/Postal Code/));
    await user.type(textbox(/Postal Code/), 'm5v3l9');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onNext).toHaveBeenCalled());
    expect(onNext.mock.calls[0]![0]).toMatchObject({ country: 'CA', state: 'ON', zipcode: 'M5V 3L9', city: 'Toronto' });
  }, 40_000);

  it('asks no county in the United Kingdom: the town and its postcode', async () => {
    const { user } = renderTo();
    await user.click(screen.getByRole('combobox', { name: /Country/ }));
    await user.click(await screen.findByRole('option', { name: 'United Kingdom' }));
    await waitFor(() => expect(textbox(/Postcode/)).toBeInTheDocument());
    expect(screen.queryByRole('combobox', { name: /State/ })).not.toBeInTheDocument();
    expect(textbox(/Town or City/)).toBeInTheDocument();
  });
});

describe('the Customs step', () => {
  it('names each missing field of an item, and the signer, beside the field', async () => {
    const { user, onNext } = renderCustoms();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await within(item(1)).findByText('Enter the description')).toBeInTheDocument();
    expect(within(item(1)).getByText(/The total value in US dollars/)).toBeInTheDocument();
    expect(within(item(1)).getByText(/The total weight in ounces/)).toBeInTheDocument();
    expect(screen.getByText('The name of the person who signs the declaration')).toBeInTheDocument();
    expect(onNext).not.toHaveBeenCalled();
  });

  it('adds and removes items up to the contract’s cap, totals their value, and takes the declaration', async () => {
    const { user, onNext } = renderCustoms();
    await user.type(textbox(/Description/, item(1)), 'Cotton T-shirt');
    await user.clear(textbox(/Quantity/, item(1)));
    await user.type(textbox(/Quantity/, item(1)), '2');
    await user.type(textbox(/Value/, item(1)), '30');
    await user.type(textbox(/Weight/, item(1)), '10');
    await user.type(textbox(/HS code/, item(1)), '6109.10.0012');
    await user.click(screen.getByRole('button', { name: 'Add an item' }));
    await user.type(textbox(/Description/, item(2)), 'Wool cap');
    await user.type(textbox(/Value/, item(2)), '18.50');
    await user.type(textbox(/Weight/, item(2)), '4');
    await user.type(textbox(/HS code/, item(2)), '650500');
    await user.clear(textbox(/Made in/, item(2)));
    await user.type(textbox(/Made in/, item(2)), 'cn');
    expect(screen.getByText('Total value: $48.50')).toBeInTheDocument();
    await user.type(textbox(/Signed by/), 'Casey Customer');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onNext).toHaveBeenCalled());
    expect(onNext.mock.calls[0]![0]).toMatchObject({
      contents_type: 'merchandise',
      customs_signer: 'Casey Customer',
      eel_pfc: '',
      items: [
        { description: 'Cotton T-shirt', quantity: '2', value: '30', hs_tariff_number: '6109100012', origin_country: 'US' },
        { description: 'Wool cap', quantity: '1', value: '18.5', hs_tariff_number: '650500', origin_country: 'CN' },
      ],
    });

    await user.click(screen.getByRole('button', { name: 'Remove item 2' }));
    expect(screen.queryByRole('group', { name: 'Item 2' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Remove item 1' })).not.toBeInTheDocument();
    // Thousands are grouped, as everywhere money is shown.
    await user.clear(textbox(/Value/, item(1)));
    await user.type(textbox(/Value/, item(1)), '1200');
    expect(screen.getByText('Total value: $1,200.00')).toBeInTheDocument();
  }, 40_000);

  it('stops adding at the cap', async () => {
    const full = Array.from({ length: CUSTOMS_LIMITS.maxItems }, () => EMPTY_CUSTOMS.items[0]!);
    renderCustoms({ items: full });
    expect(screen.getByRole('button', { name: 'Add an item' })).toBeDisabled();
    expect(screen.getByText(`A declaration holds at most ${CUSTOMS_LIMITS.maxItems} items.`)).toBeInTheDocument();
  });

  it('asks an explanation for other contents, and the AES ITN once an HS group is worth more than $2,500', async () => {
    const { user } = renderCustoms({
      customs_signer: 'Casey',
      items: [{ description: 'Camera', quantity: '1', value: '2600', weight: '40', hs_tariff_number: '852580', origin_country: 'JP' }],
    });
    expect(textbox(/AES ITN/)).toBeInTheDocument();
    await user.click(screen.getByRole('combobox', { name: /Contents/ }));
    await user.click(await screen.findByRole('option', { name: 'Other' }));
    await waitFor(() => expect(textbox(/What it holds/)).toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText("Say what the parcel holds (contents type 'other')")).toBeInTheDocument();
    expect(screen.getByText(/An HS group is worth more than \$2,500: enter the AES ITN/)).toBeInTheDocument();
    await user.clear(textbox(/Value/, item(1)));
    await user.type(textbox(/Value/, item(1)), '900');
    await waitFor(() => expect(screen.queryByRole('textbox', { name: /AES ITN/ })).not.toBeInTheDocument());
    expect(screen.getByText(/EEL\/PFC: NOEEI 30.37\(a\)/)).toBeInTheDocument();
  });
});
