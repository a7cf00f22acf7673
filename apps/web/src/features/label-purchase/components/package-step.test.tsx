import { API_ERRORCODE, SAVED_PACKAGE_ERRORCODE, SAVED_PACKAGE_MESSAGES, type SavedPackage } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { useWizard } from '../../../components/wizard/use-wizard';
import { WizardFrame } from '../../../components/wizard/wizard-frame';
import { renderWithProviders } from '../../../testing/render-with-providers';
import { mockApi } from '../../../testing/test-utils';
import { EMPTY_DRAFT, type PackageValues } from '../utils/draft';
import { PRESET_TEXT, PackageStep } from './package-step';
import { SAVED_PACKAGE_TEXT } from './saved-packages';

function InWizard({ children }: { children: ReactNode }) {
  const wizard = useWizard(['Package']);
  return (
    <WizardFrame wizard={wizard} title="Buy a shipping label" subtitle="" busyLabel="Working">
      {children}
    </WizardFrame>
  );
}

const SHOE_BOX: SavedPackage = { id: 4, name: 'Shoe box', predefinedPackage: null, length: 14, width: 8, height: 5, weight: 36 };
const FLAT: SavedPackage = { id: 5, name: 'Gift box', predefinedPackage: 'SmallFlatRateBox', length: 8.625, width: 5.375, height: 1.625, weight: 16 };
const listAnswer = (data: SavedPackage[]) => ({ body: { errorcode: 0, message: 'success', data } });

function renderStep(values: Partial<PackageValues> = {}) {
  const onNext = vi.fn();
  const view = renderWithProviders(
    <InWizard>
      <PackageStep defaultValues={{ ...EMPTY_DRAFT.parcel, ...values }} onValues={() => undefined} onNext={onNext} onBack={() => undefined} />
    </InWizard>,
  );
  return { ...view, onNext };
}

const field = (name: string) => screen.queryByRole('textbox', { name: new RegExp(`^${name}`) });

async function choosePackaging(user: ReturnType<typeof renderStep>['user'], name: string) {
  await user.click(screen.getByRole('combobox', { name: /Packaging/ }));
  await user.click(await screen.findByRole('option', { name }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
}

describe('the Package step: carrier packaging', () => {
  it('offers the six USPS Flat Rate packages by their one name beside the customer’s own box', async () => {
    mockApi({ '/app/v1/labelPurchase/packages': listAnswer([]) });
    const { user } = renderStep();
    await user.click(screen.getByRole('combobox', { name: /Packaging/ }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual([
      'Your own box',
      'USPS Flat Rate Envelope',
      'USPS Padded Flat Rate Envelope',
      'USPS Legal Flat Rate Envelope',
      'USPS Small Flat Rate Box',
      'USPS Medium Flat Rate Box',
      'USPS Large Flat Rate Box',
    ]);
  });

  it('with a Flat Rate box asks no size, shows its inside size, and still asks the weight', async () => {
    mockApi({ '/app/v1/labelPurchase/packages': listAnswer([]) });
    const { user, onNext } = renderStep({ length: '30' });
    expect(field('Length')).toBeInTheDocument();
    await choosePackaging(user, 'USPS Small Flat Rate Box');
    expect(field('Length')).not.toBeInTheDocument();
    expect(screen.queryByRole('group', { name: 'Common packages' })).not.toBeInTheDocument();
    expect(screen.getByText(PRESET_TEXT.flatRateHint('8⅝ × 5⅜ × 1⅝ in'))).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Enter the weight: more than 0 and at most 70 lb (USPS Flat Rate)')).toBeInTheDocument();
    expect(onNext).not.toHaveBeenCalled();
    await user.type(field('Weight \\(lb\\)')!, '71');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(onNext).not.toHaveBeenCalled();
    await user.clear(field('Weight \\(lb\\)')!);
    await user.type(field('Weight \\(lb\\)')!, '2');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(onNext).toHaveBeenCalledWith({ predefinedPackage: 'SmallFlatRateBox', length: '', width: '', height: '', weightLb: '2', weightOz: '0' }));
  });
});

describe('the Package step: saved packages', () => {
  it('fills the step from a saved package and says what it filled', async () => {
    mockApi({ '/app/v1/labelPurchase/packages': listAnswer([FLAT, SHOE_BOX]) });
    const { user } = renderStep();
    await user.click(await screen.findByRole('combobox', { name: /Your saved packages/ }));
    await user.click(await screen.findByRole('option', { name: 'Shoe box · 14 × 8 × 5 in, 2.25 lb' }));
    expect(await screen.findByText(SAVED_PACKAGE_TEXT.filled(SHOE_BOX))).toBeInTheDocument();
    expect(field('Length')).toHaveValue('14');
    expect(field('Weight \\(lb\\)')).toHaveValue('2');
    expect(field('Weight \\(oz\\)')).toHaveValue('4');

    await user.click(screen.getByRole('combobox', { name: /Your saved packages/ }));
    await user.click(await screen.findByRole('option', { name: 'Gift box · USPS Small Flat Rate Box, 1 lb' }));
    expect(await screen.findByText(SAVED_PACKAGE_TEXT.filled(FLAT))).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: /Packaging/ })).toHaveTextContent('USPS Small Flat Rate Box');
    expect(field('Length')).not.toBeInTheDocument();
  });

  it('saves the step’s package under a name, and keeps the dialog open saying why when the name is taken or the list is full', async () => {
    const answers = [
      { status: 409, body: { errorcode: SAVED_PACKAGE_ERRORCODE.duplicateName, message: SAVED_PACKAGE_MESSAGES.duplicateName('Shoe box') } },
      { status: 409, body: { errorcode: API_ERRORCODE.limitReached, message: SAVED_PACKAGE_MESSAGES.full(50) } },
      { body: { errorcode: 0, message: 'ok', data: { id: 9 } } },
    ];
    const api = mockApi({ '/app/v1/labelPurchase/packages': listAnswer([]), '/app/v1/labelPurchase/packages/save': () => answers.shift()! });
    const { user, onNext } = renderStep({ length: '14', width: '8', height: '5', weightLb: '2', weightOz: '4' });
    await user.click(screen.getByRole('button', { name: 'Save this package' }));
    const dialog = await screen.findByRole('dialog', { name: 'Save this package' });
    await user.type(within(dialog).getByRole('textbox', { name: /Name/ }), 'Shoe box');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(SAVED_PACKAGE_MESSAGES.duplicateName('Shoe box'));
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    expect(await within(dialog).findByText(SAVED_PACKAGE_MESSAGES.full(50))).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(SAVED_PACKAGE_MESSAGES.saved('Shoe box'))).toBeInTheDocument();
    // Saving is not the step's Next: the customer stays on the Package step.
    expect(onNext).not.toHaveBeenCalled();
    expect(api.calls('/app/v1/labelPurchase/packages/save').at(-1)?.json).toEqual({
      name: 'Shoe box',
      parcel: { predefinedPackage: '', length: '14', width: '8', height: '5', weightLb: '2', weightOz: '4' },
    });
  });

  it('asks the step’s missing values before naming a package', async () => {
    mockApi({ '/app/v1/labelPurchase/packages': listAnswer([]) });
    const { user } = renderStep();
    await user.click(screen.getByRole('button', { name: 'Save this package' }));
    expect((await screen.findAllByText('Enter inches from 0.1 to 108')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deletes the chosen saved package once confirmed', async () => {
    let list = [SHOE_BOX];
    const api = mockApi({
      '/app/v1/labelPurchase/packages': () => listAnswer(list),
      '/app/v1/labelPurchase/packages/delete': () => {
        list = [];
        return { body: { errorcode: 0, message: 'ok' } };
      },
    });
    const { user } = renderStep();
    await user.click(await screen.findByRole('combobox', { name: /Your saved packages/ }));
    await user.click(await screen.findByRole('option', { name: /Shoe box/ }));
    await user.click(screen.getByRole('button', { name: 'Delete “Shoe box”' }));
    const confirm = await screen.findByRole('alertdialog', { name: SAVED_PACKAGE_TEXT.deleteTitle });
    await user.click(within(confirm).getByRole('button', { name: 'CONFIRM' }));
    await waitFor(() => expect(api.calls('/app/v1/labelPurchase/packages/delete')).toHaveLength(1));
    expect(api.calls('/app/v1/labelPurchase/packages/delete')[0]?.json).toEqual({ id: 4 });
    expect(await screen.findByText(SAVED_PACKAGE_MESSAGES.deleted('Shoe box'))).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByRole('combobox', { name: /Your saved packages/ })).not.toBeInTheDocument());
  });
});
