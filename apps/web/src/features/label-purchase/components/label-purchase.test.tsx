import {
  ACCOUNT_CAPS,
  API_ERRORCODE,
  CONTACT_MESSAGES,
  DROP_OFF_MESSAGES,
  INSURANCE_MESSAGE,
  MESSAGES,
  PARCEL_MESSAGES,
  SHIPMENT_MESSAGES,
  STORAGE_KEYS,
  encodeLabelPurchaseParam,
  estimatedDeliveryDate,
  formatShortDay,
  shipDatesFrom,
} from '@airbox/contract';
import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { contact, hub, myAddress, savedOrder, unpaidLabel, userProfile } from '../../../testing/fixtures';
import { fillIn, mockApi, renderApp, signIn, toastSaying, type ApiRequest, watchLeavingForPayment } from '../../../testing/test-utils';
import { stubPhoneViewport } from '../../../testing/viewport';
import { ADDRESS_CHECK_TEXT } from '../../../components/address/address-check';
import { LABEL_PURCHASE_TEXT } from '../utils/messages';
import { DROP_OFF_TEXT } from './drop-off-choice';
import { PRESET_TEXT } from './package-step';

let leaveFor: ReturnType<typeof watchLeavingForPayment>;
beforeEach(() => {
  leaveFor = watchLeavingForPayment();
  localStorage.clear();
});
afterEach(() => localStorage.clear());

const ok = { code: 0, errorcode: 0, message: 'ok' };

const HOME = myAddress();
const HUB = { ...HOME, kind: 'hub', firstName: '', lastName: '', company: 'Mission Hub', address1: '801 Market St', zipcode: '94103', phone: '4155550100', email: '' };

const MOM = contact();

const RATES = [
  { rateId: 'rate_ups', carrier: 'UPSDAP', service: 'Ground', rate: '11.20', retailRate: '12.00', deliveryDays: 4, cheapest: false, fastest: false },
  { rateId: 'rate_usps', carrier: 'USPS', service: 'GroundAdvantage', rate: '7.45', retailRate: '8.00', deliveryDays: 5, cheapest: true, fastest: false },
  { rateId: 'rate_fedex', carrier: 'FedExDefault', service: 'FEDEX_2_DAY', rate: '24.90', retailRate: '26.00', deliveryDays: 2, cheapest: false, fastest: true },
];

const SAVED_ORDER = savedOrder({
  id: 12,
  createtime: '2026-11-20 10:00:00',
  weight: 40,
  fromphone: '415-555-0134',
  tocompany: '',
  comments: 'Birthday present',
  fromemail: 'dana@example.com',
  toemail: 'rosa@example.com',
  insuredValue: '150.00',
});

type Answer = { status?: number; body: unknown };
type Handlers = Record<string, Answer | ((request: ApiRequest) => Answer)>;

function labelApi(overrides: Handlers = {}) {
  return mockApi({
    '/openapi/easyPost/getMyAddress': { body: { ...ok, data: [HOME, HUB] } },
    '/openapi/easyPost/getUserShipmentAddress': { body: { ...ok, total: 1, data: [MOM] } },
    '/openapi/easyPost/validateAddress': { body: { ...ok, data: { result: 1, addrId: 'adr_1', suggestion: null, reasons: [] } } },
    '/app/v1/carrierServiceRenaming': {
      body: {
        errorcode: 0,
        message: 'ok',
        data: [
          { carrier: 'USPS', easypost_original: 'GroundAdvantage', renamed: 'Ground Advantage', service_search_queries: '' },
          { carrier: 'UPSDAP', easypost_original: 'Ground', renamed: 'Ground Saver', service_search_queries: '' },
          { carrier: 'FedEx', easypost_original: 'FEDEX_2_DAY', renamed: '2Day', service_search_queries: '' },
        ],
      },
    },
    '/app/v1/labelPurchase/rates': { body: { errorcode: 0, message: 'ok', data: { draftId: 55, rates: RATES, insurance: '1.50', messages: [] } } },
    '/app/v1/labelPurchase/buy': { body: { errorcode: 1, message: 'ok', redirectURL: 'https://pay.example/approve?token=lbl' } },
    '/openapi/easyPost/saveOrderForLater': { body: { ...ok, data: { id: 77 } } },
    '/openapi/easyPost/getOrderForLater': { body: { ...ok, data: [SAVED_ORDER] } },
    ...overrides,
  });
}

const pagePath = (param: Parameters<typeof encodeLabelPurchaseParam>[0]) => `/shipment/#/Shipment/shipmentRate?param=${encodeLabelPurchaseParam(param)}`;

const field = (name: string) => screen.getByLabelText(new RegExp(`^${name}[\\s*]*$`));
const step = (name: string) => screen.findByRole('heading', { level: 2, name });

type User = ReturnType<typeof renderApp>['user'];

/** From: my address; To: Mom from My Contacts; then Package. */
async function fillAddresses(user: User) {
  await user.click(await screen.findByRole('button', { name: /^My address/ }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await step('Ship to');
  await user.click(screen.getByRole('button', { name: 'Pick from My Contacts' }));
  await user.click(await screen.findByRole('button', { name: 'Choose Mom' }));
  // The page is hidden from the accessibility tree until the dialog has gone.
  await user.click(await screen.findByRole('button', { name: 'Next' }));
  await step('Package');
}

/** From: my address; To: Mom from My Contacts; Package: the medium box; then Options. */
async function fillToOptions(user: User) {
  await step('Ship from');
  await fillAddresses(user);
  await user.click(screen.getByRole('button', { name: /^Medium box/ }));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await step('Options');
}

describe('label purchase page', () => {
  it('continues the saved order of param with the session user (a foreign userId is ignored) and pre-fills every step', async () => {
    signIn({ userId: 7 });
    const api = labelApi();
    const { user } = renderApp(pagePath({ boxId: '9999999', userId: 99, OrderId: 12 }));
    await step('Ship from');
    const asked = api.calls('/openapi/easyPost/getOrderForLater');
    expect(asked).toHaveLength(1);
    expect([asked[0]?.fields.get('userId'), asked[0]?.fields.get('id')]).toEqual(['7', '12']);
    expect(api.requests.some((request) => [...request.fields.values()].includes('99'))).toBe(false);

    expect(field('Address 1')).toHaveValue('742 Valencia St');
    expect(field('First Name')).toHaveValue('Dana');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Ship to');
    expect(field('Address 1')).toHaveValue('12 Elm St');
    expect(field('Email')).toHaveValue('rosa@example.com');
    expect(screen.getByRole('checkbox', { name: CONTACT_MESSAGES.residential })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Package');
    expect([field('Length'), field('Width'), field('Height')].map((input) => (input as HTMLInputElement).value)).toEqual(['12', '10', '6']);
    // 40 oz is 2 lb 8 oz.
    expect(field('Weight \\(lb\\)')).toHaveValue('2');
    expect(field('Weight \\(oz\\)')).toHaveValue('8');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Options');
    expect(field('Declared value to insure')).toHaveValue('150.00');
    expect(field('Comments')).toHaveValue('Birthday present');

    // Reaching Rates rates the order afresh; buying names the order it continues.
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    await step('Rates');
    await waitFor(() => expect(api.calls('/app/v1/labelPurchase/rates')).toHaveLength(1));
    await user.click(await screen.findByRole('radio', { name: /USPS Ground Advantage/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Review and pay');
    await user.click(screen.getByRole('button', { name: /^Pay \$/ }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.example/approve?token=lbl'));
    expect(api.calls('/app/v1/labelPurchase/buy')[0]?.json).toMatchObject({ draftId: 55, rateId: 'rate_usps', orderId: 12 });
  });

  it('says when the order to continue is not the customer’s, and starts empty', async () => {
    signIn({ userId: 7 });
    labelApi({ '/openapi/easyPost/getOrderForLater': { body: { ...ok, data: [] } } });
    renderApp(pagePath({ boxId: '1234567', userId: 7, OrderId: 404 }));
    expect(await screen.findByText(LABEL_PURCHASE_TEXT.orderNotFound)).toBeInTheDocument();
    expect(field('Address 1')).toHaveValue('');
  });

  it('opens an unpaid label at the Review step with everything as it was chosen, and pays for the same label', async () => {
    signIn({ userId: 7 });
    const api = labelApi({ '/app/v1/labelPurchase/unpaid': { body: { errorcode: 0, message: 'ok', data: [unpaidLabel()] } } });
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7, unpaidLabelId: 88 }));
    await step('Review and pay');
    expect(api.calls('/app/v1/labelPurchase/unpaid')[0]?.fields.get('id')).toBe('88');
    expect(screen.getByText(LABEL_PURCHASE_TEXT.unpaid)).toBeInTheDocument();
    const summary = screen.getByLabelText('Your label');
    expect(summary).toHaveTextContent('Dana Reyes');
    expect(summary).toHaveTextContent('415-555-0134');
    expect(summary).toHaveTextContent('12 Elm St, Apt 4, Austin, TX 73301');
    expect(summary).toHaveTextContent('12 × 10 × 6 in, 3 lb 0 oz');
    // The service's name comes with the renaming list, which may answer after the step shows.
    await waitFor(() => expect(summary).toHaveTextContent('UPS Ground Saver (4 business days)'));
    expect(summary).toHaveTextContent('Birthday present');
    expect(summary).toHaveTextContent('Insurance$1.50 (declared value $150.00)');
    expect(summary).toHaveTextContent('Total$12.70');
    expect(screen.getByText('We will e-mail rosa@example.com a link to follow the parcel.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Pay $12.70' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.example/approve?token=lbl'));
    expect(api.calls('/app/v1/labelPurchase/buy')[0]?.json).toEqual({ draftId: 88, rateId: 'rate_ups', notifyRecipient: true, orderId: 12 });
    expect(api.calls('/app/v1/labelPurchase/rates')).toHaveLength(0);
  });

  it('goes back from an unpaid label to its rates as offered, and a label rated again replaces it', async () => {
    signIn({ userId: 7 });
    const api = labelApi({ '/app/v1/labelPurchase/unpaid': { body: { errorcode: 0, message: 'ok', data: [unpaidLabel()] } } });
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7, unpaidLabelId: 88 }));
    await step('Review and pay');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await step('Rates');
    expect(screen.getByRole('radio', { name: /UPS Ground Saver/ })).toBeChecked();
    expect(screen.getByRole('radio', { name: /USPS Ground Advantage/ })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await step('Options');
    expect(field('Declared value to insure')).toHaveValue('150.00');
    expect(field('Comments')).toHaveValue('Birthday present');
    await fillIn(user, field('Declared value to insure'), '200');
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    await step('Rates');
    await user.click(await screen.findByRole('radio', { name: /UPS Ground Saver/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: /^Pay \$/ }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    expect(api.calls('/app/v1/labelPurchase/buy')[0]?.json).toEqual({ draftId: 55, rateId: 'rate_ups', notifyRecipient: true, orderId: 12, replaces: 88 });
  });

  it('says when the unpaid label to pay is no longer unpaid, and starts empty', async () => {
    signIn({ userId: 7 });
    labelApi({ '/app/v1/labelPurchase/unpaid': { body: { errorcode: 0, message: 'ok', data: [] } } });
    renderApp(pagePath({ boxId: '1234567', userId: 7, unpaidLabelId: 88 }));
    expect(await screen.findByText(LABEL_PURCHASE_TEXT.unpaidNotFound)).toBeInTheDocument();
    await step('Ship from');
    expect(field('Address 1')).toHaveValue('');
  });

  it('ships a label again: every step filled in from it, its addresses checked and today’s rates asked at once, its service chosen again at the new price', async () => {
    signIn({ userId: 7 });
    const label = unpaidLabel();
    const again = { id: 41, orderNo: 'AB2611150000041', from: label.from, to: label.to, parcel: label.parcel, insuredValue: '150.00', carrier: 'UPSDAP', service: 'Ground' };
    // Today's price of the label's UPS Ground is not the one it was bought at.
    const TODAY = RATES.map((rate) => (rate.rateId === 'rate_ups' ? { ...rate, rate: '12.05' } : rate));
    const api = labelApi({
      '/app/v1/labelPurchase/shipAgain': { body: { errorcode: 0, message: 'success', data: again } },
      '/app/v1/labelPurchase/rates': { body: { errorcode: 0, message: 'ok', data: { draftId: 56, rates: TODAY, insurance: '1.50', messages: [] } } },
    });
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7, shipAgainId: 41 }));
    await step('Rates');
    expect(api.calls('/app/v1/labelPurchase/shipAgain')[0]?.fields.get('id')).toBe('41');
    expect(screen.getByText(LABEL_PURCHASE_TEXT.shipAgain('AB2611150000041'))).toBeInTheDocument();
    expect(api.calls('/openapi/easyPost/validateAddress')).toHaveLength(2);
    expect(api.calls('/app/v1/labelPurchase/rates')).toHaveLength(1);
    expect(api.calls('/app/v1/labelPurchase/rates')[0]?.json).toMatchObject({
      from: { firstName: 'Dana', lastName: 'Reyes', address1: '742 Valencia St', city: 'San Francisco', state: 'CA', zipcode: '94110', phone: '415-555-0134', residential: true },
      to: { firstName: 'Rosa', address1: '12 Elm St', address2: 'Apt 4', city: 'Austin', state: 'TX', zipcode: '73301', email: 'rosa@example.com' },
      parcel: { predefinedPackage: '', length: '12', width: '10', height: '6', weightLb: '3', weightOz: '0' },
      insuredValue: '150.00',
      comments: '',
      saveRecipient: false,
    });
    const chosen = await screen.findByRole('radio', { name: /UPS Ground Saver/ });
    expect(chosen).toBeChecked();
    expect(chosen.closest('label')).toHaveTextContent('$12.05');

    // Every step holds the label's values, to change before paying.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await step('Options');
    expect(field('Declared value to insure')).toHaveValue('150.00');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await step('Package');
    expect([field('Length'), field('Width'), field('Height')].map((input) => (input as HTMLInputElement).value)).toEqual(['12', '10', '6']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Options');
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    await step('Rates');
    expect(await screen.findByRole('radio', { name: /UPS Ground Saver/ })).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: /^Pay \$/ }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    expect(api.calls('/app/v1/labelPurchase/buy')[0]?.json).toEqual({ draftId: 56, rateId: 'rate_ups', notifyRecipient: false });
  });

  it('says when the label to ship again is not the customer’s, and starts empty', async () => {
    signIn({ userId: 7 });
    labelApi({ '/app/v1/labelPurchase/shipAgain': { body: { errorcode: 0, message: 'success', data: null } } });
    renderApp(pagePath({ boxId: '1234567', userId: 7, shipAgainId: 41 }));
    expect(await screen.findByText(LABEL_PURCHASE_TEXT.shipAgainNotFound)).toBeInTheDocument();
    await step('Ship from');
    expect(field('Address 1')).toHaveValue('');
  });

  it('offers my address, my locker hub and My Contacts (5 a page, search without special characters) for From', async () => {
    signIn({ userId: 7 });
    const api = labelApi();
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await step('Ship from');
    expect(screen.getByRole('heading', { level: 1, name: 'Buy Shipment Labels' })).toBeInTheDocument();

    await user.click(await screen.findByRole('button', { name: /^My address/ }));
    expect(field('Address 1')).toHaveValue('742 Valencia St');
    expect(field('Phone Number')).toHaveValue('415-555-0134');

    await user.click(screen.getByRole('button', { name: /^My locker hub/ }));
    expect(field('Address 1')).toHaveValue('801 Market St');
    expect(field('Company')).toHaveValue('Mission Hub');

    await user.click(screen.getByRole('button', { name: 'Pick from My Contacts' }));
    const picker = await screen.findByRole('dialog', { name: 'My Contacts' });
    await within(picker).findByText('12 Elm St, Apt 4, Austin, TX 73301 · 512-555-0199');
    await fillIn(user, within(picker).getByLabelText('Search My Contacts'), "Rosa's #1!");
    await user.click(within(picker).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls('/openapi/easyPost/getUserShipmentAddress').at(-1)?.fields.get('search')).toBe('Rosas 1'));
    const searched = api.calls('/openapi/easyPost/getUserShipmentAddress').at(-1);
    expect([searched?.fields.get('userId'), searched?.fields.get('page'), searched?.fields.get('size')]).toEqual(['7', '1', '5']);
    await user.click(within(picker).getByRole('button', { name: 'Choose Mom' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'My Contacts' })).not.toBeInTheDocument());
    expect(field('Address 1')).toHaveValue('12 Elm St');
    expect(field('City')).toHaveValue('Austin');
  });

  it('shows the validation messages word for word on each step', async () => {
    signIn();
    labelApi();
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await step('Ship from');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const message of [CONTACT_MESSAGES.address1, CONTACT_MESSAGES.city, CONTACT_MESSAGES.state, CONTACT_MESSAGES.zip, CONTACT_MESSAGES.phone]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    await fillIn(user, field('Zip Code'), '941');
    await user.tab();
    expect(await screen.findByText(CONTACT_MESSAGES.format)).toBeInTheDocument();

    // A name or a company is asked once the address itself is complete.
    await user.click(screen.getByRole('button', { name: /^My locker hub/ }));
    await user.clear(field('Company'));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Please enter a name')).toBeInTheDocument();
    await fillAddresses(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findAllByText(PARCEL_MESSAGES.size)).length).toBe(3);
    expect(screen.getByText(PARCEL_MESSAGES.weight)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /^Small box/ }));
    await fillIn(user, field('Weight \\(oz\\)'), '16');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(PARCEL_MESSAGES.ounces)).toBeInTheDocument();
    await user.clear(field('Weight \\(oz\\)'));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    await step('Options');
    await fillIn(user, field('Declared value to insure'), '250');
    expect(await screen.findByText('Insurance fee: $2.50')).toBeInTheDocument();
    await user.clear(field('Declared value to insure'));
    await fillIn(user, field('Declared value to insure'), '600');
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    expect(await screen.findByText(INSURANCE_MESSAGE, { selector: 'p.Mui-error' })).toBeInTheDocument();
  });

  it("says 'Unable to verify address!' with the reasons, and accepting the suggestion fills the address", async () => {
    signIn();
    const api = labelApi({
      '/openapi/easyPost/validateAddress': ({ fields }) =>
        fields.get('street1') === '12 Elm St'
          ? {
              body: {
                ...ok,
                data: {
                  result: 0,
                  addrId: '',
                  suggestion: { street1: '12 ELM ST APT 4', street2: '', city: 'AUSTIN', state: 'TX', zip: '73301-0001' },
                  reasons: ['Address not found', 'Did you mean 12 ELM ST APT 4?'],
                },
              },
            }
          : { body: { ...ok, data: { result: 1, addrId: 'adr_1', suggestion: null, reasons: [] } } },
    });
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await fillToOptions(user);
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    await step('Verify addresses');
    const recipient = screen.getByRole('region', { name: 'Recipient' });
    const alert = within(recipient).getByRole('alert');
    expect(alert).toHaveTextContent(SHIPMENT_MESSAGES.unableToVerify);
    expect(alert).toHaveTextContent('Address not found');
    expect(within(recipient).getByText('12 ELM ST APT 4, AUSTIN, TX 73301-0001')).toBeInTheDocument();
    expect(within(screen.getByRole('region', { name: 'Sender' })).getByText(ADDRESS_CHECK_TEXT.verified)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Get rates' })).toBeDisabled();

    await user.click(within(recipient).getByRole('button', { name: 'Use the suggested address' }));
    expect(within(recipient).getByText(ADDRESS_CHECK_TEXT.verified)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Get rates' }));
    await step('Rates');
    await waitFor(() => expect(api.calls('/app/v1/labelPurchase/rates')).toHaveLength(1));
    expect(api.calls('/app/v1/labelPurchase/rates')[0]?.json).toMatchObject({
      to: { address1: '12 ELM ST APT 4', address2: '', city: 'AUSTIN', state: 'TX', zipcode: '73301' },
      from: { address1: '742 Valencia St' },
    });

    // The To step holds what was accepted.
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await step('Verify addresses');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await step('Options');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await step('Package');
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await step('Ship to');
    expect(field('Address 1')).toHaveValue('12 ELM ST APT 4');
    expect(field('Zip Code')).toHaveValue('73301');
  });

  it('lists every service renamed, carriers as customers know them, cheapest and fastest marked, sortable', async () => {
    signIn();
    const api = labelApi();
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await fillToOptions(user);
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    await step('Rates');
    const services = await screen.findByRole('radiogroup', { name: 'Services' });
    const names = () => within(services).getAllByRole('radio').map((radio) => radio.getAttribute('aria-labelledby') && document.getElementById(radio.getAttribute('aria-labelledby') ?? '')?.textContent);
    expect(names()).toEqual(['USPS Ground Advantage · $7.45', 'UPS Ground Saver · $11.20', 'FedEx 2Day · $24.90']);
    expect(within(services).queryByText(/UPSDAP/)).not.toBeInTheDocument();
    const card = (name: RegExp) => within(services).getByRole('radio', { name }).closest('label') as HTMLElement;
    expect(within(card(/USPS Ground Advantage/)).getByText('Cheapest')).toBeInTheDocument();
    expect(within(card(/FedEx 2Day/)).getByText('Fastest')).toBeInTheDocument();
    expect(within(card(/UPS Ground Saver/)).getByText('4 business days')).toBeInTheDocument();
    expect(within(card(/UPS Ground Saver/)).queryByText(/Cheapest|Fastest/)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Delivery date' }));
    expect(names()).toEqual(['FedEx 2Day · $24.90', 'UPS Ground Saver · $11.20', 'USPS Ground Advantage · $7.45']);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(LABEL_PURCHASE_TEXT.chooseRate)).toBeInTheDocument();
    // The addresses were verified as typed: no Verify step, and the recipient is not saved unless asked.
    expect(api.calls('/openapi/easyPost/validateAddress')).toHaveLength(2);
    expect(api.calls('/app/v1/labelPurchase/rates')[0]?.json).toMatchObject({ saveRecipient: false, parcel: { length: '12', width: '10', height: '6', weightLb: '3', weightOz: '0' } });
  });

  it('says what a package preset sets: a typical weight only when none was given, the weight marked as required (issue 21 item 11)', async () => {
    signIn();
    labelApi();
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await step('Ship from');
    await fillAddresses(user);
    const weight = screen.getByRole('group', { name: 'Weight' });
    expect(weight).toHaveAccessibleDescription(PRESET_TEXT.weightHelp);
    await user.click(screen.getByRole('button', { name: /^Small box/ }));
    const form = screen.getByRole('form', { name: 'Package step' });
    expect(within(form).getByRole('status')).toHaveTextContent(
      'Small box: 8 × 6 × 4 in, and a typical weight of 1 lb 0 oz. Change the weight to what your package weighs.',
    );
    expect(within(weight).getByLabelText(/^Weight \(lb\)/)).toHaveValue('1');

    // A weight typed is kept by the next preset, which says so.
    await user.clear(within(weight).getByLabelText(/^Weight \(lb\)/));
    await user.type(within(weight).getByLabelText(/^Weight \(lb\)/), '5');
    await user.click(screen.getByRole('button', { name: /^Medium box/ }));
    expect(within(form).getByRole('status')).toHaveTextContent('Medium box: 12 × 10 × 6 in. Your weight of 5 lb 0 oz is kept.');
    expect(field('Length')).toHaveValue('12');
    expect(within(weight).getByLabelText(/^Weight \(lb\)/)).toHaveValue('5');
  });

  it('says which part of an address the carrier suggests changing, with what was entered beside it (issue 21 item 11)', async () => {
    signIn();
    labelApi({
      '/openapi/easyPost/validateAddress': ({ fields }) =>
        fields.get('street1') === '12 Elm St'
          ? {
              body: {
                ...ok,
                data: {
                  result: 1,
                  addrId: 'adr_2',
                  suggestion: { street1: '12 ELM ST', street2: 'APT 4', city: 'AUSTIN', state: 'NM', zip: '87101-0001' },
                  reasons: [],
                },
              },
            }
          : { body: { ...ok, data: { result: 1, addrId: 'adr_1', suggestion: null, reasons: [] } } },
    });
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await fillToOptions(user);
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    await step('Verify addresses');
    const recipient = screen.getByRole('region', { name: 'Recipient' });
    // Not 'this spelling': the state and the ZIP code change (the street and city only in letter case).
    expect(within(recipient).getByText('The carrier suggests a different state and ZIP code.')).toBeInTheDocument();
    expect(within(recipient).queryByText(ADDRESS_CHECK_TEXT.suggestion)).not.toBeInTheDocument();
    const changes = within(within(recipient).getByRole('list', { name: 'What the carrier changes' })).getAllByRole('listitem');
    expect(changes.map((change) => change.textContent)).toEqual([
      'State: you entered Texas; the carrier suggests New Mexico.',
      'ZIP code: you entered 73301; the carrier suggests 87101.',
    ]);
    expect(within(recipient).getByText('12 Elm St, Apt 4, Austin, TX 73301')).toBeInTheDocument();
  });

  it('names each service once on Rates and Review: a renamed one that says its carrier, one the list lacks from its code (issue 21 item 9)', async () => {
    signIn();
    labelApi({
      '/app/v1/carrierServiceRenaming': {
        body: {
          errorcode: 0,
          message: 'ok',
          data: [
            { carrier: 'USPS', easypost_original: 'GroundAdvantage', renamed: 'USPS Ground Advantage', service_search_queries: '' },
            { carrier: 'UPSDAP', easypost_original: 'Ground', renamed: 'UPS Ground', service_search_queries: '' },
          ],
        },
      },
    });
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await fillToOptions(user);
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    await step('Rates');
    const services = await screen.findByRole('radiogroup', { name: 'Services' });
    expect(within(services).getByRole('radio', { name: 'USPS Ground Advantage · $7.45' })).toBeInTheDocument();
    expect(within(services).getByRole('radio', { name: 'UPS Ground · $11.20' })).toBeInTheDocument();
    expect(within(services).getByRole('radio', { name: 'FedEx 2 Day · $24.90' })).toBeInTheDocument();
    expect(services).not.toHaveTextContent(/USPS USPS|UPS UPS|FedEx FedEx|GroundAdvantage|FEDEX_2_DAY/);

    await user.click(within(services).getByRole('radio', { name: /^USPS Ground Advantage/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Review and pay');
    expect(screen.getByLabelText('Your label')).toHaveTextContent('ServiceUSPS Ground Advantage (5 business days)');
  });

  it('rates for the ship date chosen above the rates: the days expected move with it, the service chosen stays, and Review says both days', async () => {
    signIn();
    // The server's answer: the ship date asked (the first offered when none), each rate's day counted from it.
    const rated = (request: ApiRequest) => {
      const shipDate = (request.json as { shipDate?: string }).shipDate ?? offered[0]!;
      const rates = RATES.map((found) => ({ ...found, deliveryDate: estimatedDeliveryDate(shipDate, found.deliveryDays, found.carrier) }));
      return { body: { errorcode: 0, message: 'ok', data: { draftId: 55, shipDate, rates, insurance: '1.50', messages: [] } } };
    };
    const offered = shipDatesFrom(new Date(), HOME.state);
    const api = labelApi({ '/app/v1/labelPurchase/rates': rated });
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await fillToOptions(user);
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    await step('Rates');
    await screen.findByRole('radiogroup', { name: 'Services' });
    const shipDate = screen.getByRole('combobox', { name: 'Ship date' });
    expect(shipDate).toHaveValue(offered[0]);
    expect(api.calls('/app/v1/labelPurchase/rates')[0]?.json).toMatchObject({ shipDate: offered[0] });
    // The cards are drawn again once the new rates come.
    const usps = () => within(screen.getByRole('radiogroup', { name: 'Services' })).getByRole('radio', { name: /^USPS Ground Advantage/ });
    expect(usps()).toHaveAccessibleDescription(
      new RegExp(`^5 business days Est\\. delivery ${formatShortDay(estimatedDeliveryDate(offered[0]!, 5, 'USPS'))} Retail price \\$8\\.00 Save \\$0\\.55`),
    );
    await user.click(usps());

    await user.selectOptions(shipDate, offered[1]!);
    await waitFor(() => expect(api.calls('/app/v1/labelPurchase/rates')).toHaveLength(2));
    expect(api.calls('/app/v1/labelPurchase/rates')[1]?.json).toMatchObject({ shipDate: offered[1] });
    const later = formatShortDay(estimatedDeliveryDate(offered[1]!, 5, 'USPS'));
    await waitFor(() => expect(usps()).toHaveAccessibleDescription(new RegExp(`^5 business days Est\\. delivery ${later} `)));
    expect(usps()).toBeChecked();
    expect(screen.getByRole('combobox', { name: 'Ship date' })).toHaveValue(offered[1]);

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Review and pay');
    const summary = screen.getByLabelText('Your label');
    expect(summary).toHaveTextContent(`Ship date${formatShortDay(offered[1]!)}`);
    expect(summary).toHaveTextContent(`Estimated delivery${later}`);
    expect(summary).toHaveTextContent('Rate$7.45 (retail $8.00, you save $0.55)');
  });

  it("says 'Unable to verify address!' when rating refuses an address, and that no carrier takes the parcel", async () => {
    signIn();
    let answer: Answer = { body: { errorcode: -2, message: 'Unable to verify address!' } };
    labelApi({ '/app/v1/labelPurchase/rates': () => answer });
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await fillToOptions(user);
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    await step('Rates');
    expect(await screen.findByRole('alert')).toHaveTextContent(SHIPMENT_MESSAGES.unableToVerify);
    answer = { body: { errorcode: -3, message: 'No rates' } };
    await user.click(screen.getByRole('button', { name: 'Back' }));
    await user.click(await screen.findByRole('button', { name: 'Check addresses' }));
    expect(await screen.findByText(LABEL_PURCHASE_TEXT.noRates)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();
  });

  it('reviews the amounts, pays at the redirectURL, and rates again when the rates expired', async () => {
    signIn();
    let buys = 0;
    const api = labelApi({
      '/app/v1/labelPurchase/buy': () => {
        buys += 1;
        return buys === 1
          ? { body: { errorcode: -4, message: 'The rates expired' } }
          : { body: { errorcode: 1, message: 'ok', redirectURL: 'https://pay.example/approve?token=lbl' } };
      },
    });
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await fillToOptions(user);
    await fillIn(user, field('Declared value to insure'), '150');
    await user.click(screen.getByRole('checkbox', { name: 'E-mail the recipient a tracking link' }));
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    await step('Rates');
    await user.click(await screen.findByRole('radio', { name: /UPS Ground Saver/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Review and pay');
    const summary = screen.getByLabelText('Your label');
    expect(summary).toHaveTextContent('UPS Ground Saver (4 business days)');
    expect(summary).toHaveTextContent('Rate$11.20');
    expect(summary).toHaveTextContent('Insurance$1.50 (declared value $150.00)');
    expect(summary).toHaveTextContent('Total$12.70');
    expect(summary).toHaveTextContent('12 × 10 × 6 in, 3 lb 0 oz');
    expect(summary).toHaveTextContent('Rosa Reyes');
    expect(summary).not.toHaveTextContent('UPSDAP');

    await user.click(screen.getByRole('button', { name: 'Pay $12.70' }));
    expect(await screen.findByText(LABEL_PURCHASE_TEXT.ratesRefreshed)).toBeInTheDocument();
    await step('Rates');
    await waitFor(() => expect(api.calls('/app/v1/labelPurchase/rates')).toHaveLength(2));
    // The same service stays chosen with its new rate.
    expect(await screen.findByRole('radio', { name: /UPS Ground Saver/ })).toBeChecked();
    expect(leaveFor).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(await screen.findByRole('button', { name: 'Pay $12.70' }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalledWith('https://pay.example/approve?token=lbl'));
    expect(api.calls('/app/v1/labelPurchase/buy')[1]?.json).toEqual({ draftId: 55, rateId: 'rate_ups', notifyRecipient: true });
  });

  it("offers 'I'll drop it off at my AirBox hub' at Review and pay, the customer's hub first, another hub choosable, and pays with the hub chosen (issue 23 item 1)", async () => {
    signIn();
    const api = labelApi({
      '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [userProfile({ lockerUUID: 'hub-2' })], lockers: [hub()] } },
      '/app/v1/getLockerInfoByUser': {
        body: { errorcode: 0, message: 'ok', locker_info: [hub(), hub({ id: 'hub-2', business_name: 'SoMa Hub', address: '1 Howard St', zip_code: '94105' })] },
      },
    });
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await fillToOptions(user);
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    await step('Rates');
    await user.click(await screen.findByRole('radio', { name: /USPS Ground Advantage/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Review and pay');
    const choice = screen.getByRole('group', { name: DROP_OFF_TEXT.legend });
    // A carrier pickup until the customer says otherwise.
    expect(within(choice).getByRole('radio', { name: DROP_OFF_TEXT.carrier })).toBeChecked();
    const hubChoice = await within(choice).findByRole('radio', { name: DROP_OFF_TEXT.hub });
    await waitFor(() => expect(hubChoice).toBeEnabled());
    expect(hubChoice).toHaveAccessibleDescription(DROP_OFF_TEXT.how);
    await user.click(hubChoice);
    // Their own hub first and chosen, with its address.
    const hubField = screen.getByRole('combobox', { name: DROP_OFF_TEXT.hubLabel });
    expect(hubField).toHaveTextContent('SoMa Hub (your hub)');
    expect(choice).toHaveTextContent('1 Howard St, San Francisco, CA 94105');
    await user.click(hubField);
    await user.click(await screen.findByRole('option', { name: 'Mission Hub' }));
    expect(choice).toHaveTextContent('801 Market St, San Francisco, CA 94103');
    await user.click(screen.getByRole('button', { name: /^Pay \$/ }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    expect(api.calls('/app/v1/labelPurchase/buy')[0]?.json).toMatchObject({ draftId: 55, rateId: 'rate_usps', dropOffHubId: 'hub-1' });
  });

  it("pays for a carrier pickup (no hub) as chosen by default, and says when the parcel is too big for a hub's compartments (issue 23 item 1)", async () => {
    signIn();
    const api = labelApi({
      '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [userProfile()], lockers: [hub()] } },
      '/app/v1/getLockerInfoByUser': { body: { errorcode: 0, message: 'ok', locker_info: [hub()] } },
    });
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await step('Ship from');
    await fillAddresses(user);
    await fillIn(user, field('Length'), '30');
    await fillIn(user, field('Width'), '20');
    await fillIn(user, field('Height'), '20');
    await fillIn(user, field('Weight \\(lb\\)'), '10');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Options');
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    await step('Rates');
    await user.click(await screen.findByRole('radio', { name: /USPS Ground Advantage/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Review and pay');
    const hubChoice = screen.getByRole('radio', { name: DROP_OFF_TEXT.hub });
    expect(hubChoice).toBeDisabled();
    expect(hubChoice).toHaveAccessibleDescription(DROP_OFF_MESSAGES.tooBig);
    await user.click(screen.getByRole('button', { name: /^Pay \$/ }));
    await waitFor(() => expect(leaveFor).toHaveBeenCalled());
    expect(api.calls('/app/v1/labelPurchase/buy')[0]?.json).not.toHaveProperty('dropOffHubId');
  });

  it('saves for later: the order in progress is kept, the dashboard flag set, and Orders In Progress opened', async () => {
    signIn({ userId: 7 });
    const api = labelApi();
    const { user, location } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await step('Ship from');
    expect(screen.queryByRole('button', { name: 'Save for later' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /^My address/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Ship to');
    // What is typed but not yet taken by Next is saved too.
    await fillIn(user, field('Address 1'), '500 Howard St');
    await user.click(screen.getByRole('button', { name: 'Save for later' }));
    // A toast, no dialog, still there once Orders In Progress (loaded on demand: seconds on a busy machine) shows.
    await waitFor(() => expect(location()).toBe('/ShipmentParent/MyOrder'), { timeout: 15_000 });
    await screen.findByRole('table', { name: 'Orders In Progress' }, { timeout: 15_000 });
    expect(await toastSaying(MESSAGES.savedOrder)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.savedOrderFlag)).toBe('1');
    const sent = api.calls('/openapi/easyPost/saveOrderForLater')[0]?.json as Record<string, unknown>;
    expect(sent).toMatchObject({
      from: { firstName: 'Dana', address1: '742 Valencia St', zipcode: '94110', phone: '415-555-0134' },
      to: { address1: '500 Howard St' },
      parcel: { length: 0, width: 0, height: 0, weightLb: 0, weightOz: 0 },
      insuredValue: 0,
      comments: '',
    });
    expect(sent.id).toBeUndefined();
  });

  it('says why when the account has used its hour of address checks and rates (429), on the Verify and the Rates step', async () => {
    signIn();
    const usedUp = { status: 429, body: { errorcode: API_ERRORCODE.tooManyRequests, message: MESSAGES.carrierCallsUsedUp(42) } };
    let checks = 0;
    labelApi({
      // The sender is checked, then the budget is spent for the recipient; the rates call is refused too.
      '/openapi/easyPost/validateAddress': ({ fields }) =>
        fields.get('street1') === '12 Elm St' && (checks += 1) === 1 ? usedUp : { body: { ...ok, data: { result: 1, addrId: 'adr_1', suggestion: null, reasons: [] } } },
      '/app/v1/labelPurchase/rates': usedUp,
    });
    const { user } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await fillToOptions(user);
    await user.click(screen.getByRole('button', { name: 'Check addresses' }));
    await step('Verify addresses');
    const recipient = screen.getByRole('region', { name: 'Recipient' });
    expect(within(recipient).getByRole('alert')).toHaveTextContent(MESSAGES.carrierCallsUsedUp(42));
    expect(within(recipient).queryByText(ADDRESS_CHECK_TEXT.verifyFailed)).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Check again' }));
    await step('Rates');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'You have checked addresses and asked for rates as often as one account may in an hour. Please try again in 42 minutes.',
    );
    expect(screen.queryByText(SHIPMENT_MESSAGES.somethingWrong)).not.toBeInTheDocument();
  });

  it('stays on the page and says what to do when Orders In Progress are full (409)', async () => {
    signIn({ userId: 7 });
    const full = MESSAGES.savedOrdersFull(ACCOUNT_CAPS.savedOrders);
    labelApi({ '/openapi/easyPost/saveOrderForLater': { status: 409, body: { errorcode: API_ERRORCODE.limitReached, message: full } } });
    const { user, location } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await step('Ship from');
    await user.click(await screen.findByRole('button', { name: /^My address/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Ship to');
    await user.click(screen.getByRole('button', { name: 'Save for later' }));
    expect(await screen.findByText(full)).toBeInTheDocument();
    expect(full).toBe('You have 200 saved orders, the most we keep. Delete some under My Shipments → Orders In Progress before saving another.');
    expect(location()).not.toBe('/ShipmentParent/MyOrder');
    expect(localStorage.getItem(STORAGE_KEYS.savedOrderFlag)).toBeNull();
  });

  it('saves a continued order under its own id', async () => {
    signIn({ userId: 7 });
    const api = labelApi();
    const { user, location } = renderApp(pagePath({ boxId: '1234567', userId: 7, OrderId: 12 }));
    await step('Ship from');
    await user.click(await screen.findByRole('button', { name: 'Save for later' }));
    await waitFor(() => expect(location()).toBe('/ShipmentParent/MyOrder'), { timeout: 15_000 });
    expect(api.calls('/openapi/easyPost/saveOrderForLater')[0]?.json).toMatchObject({
      id: 12,
      parcel: { length: 12, width: 10, height: 6, weightLb: 2, weightOz: 8 },
      insuredValue: 150,
      comments: 'Birthday present',
    });
  });

  it("goes a step back with the browser's Back, keeping what was typed, and back to a done step from the stepper (issue 21 item 11)", async () => {
    signIn();
    labelApi();
    const { user, router, location } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await step('Ship from');
    await user.click(await screen.findByRole('button', { name: /^My address/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Ship to');
    await fillIn(user, field('Address 1'), '500 Howard St');

    // The browser's Back: the sender again, on the same page; what was typed on To is kept.
    await act(() => router.navigate(-1));
    await step('Ship from');
    expect(location()).toBe('/shipment/');
    expect(field('Address 1')).toHaveValue('742 Valencia St');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Ship to');
    expect(field('Address 1')).toHaveValue('500 Howard St');

    await user.click(screen.getByRole('button', { name: 'Pick from My Contacts' }));
    await user.click(await screen.findByRole('button', { name: 'Choose Mom' }));
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    await step('Package');
    // Done steps are buttons of the stepper; the step shown and those ahead are not.
    const stepper = screen.getByRole('list', { name: 'Steps' });
    expect(within(stepper).getByRole('button', { name: 'To' })).toBeInTheDocument();
    expect(within(stepper).queryByRole('button', { name: 'Package' })).not.toBeInTheDocument();
    expect(within(stepper).queryByRole('button', { name: 'Options' })).not.toBeInTheDocument();
    await user.click(within(stepper).getByRole('button', { name: 'From' }));
    await step('Ship from');

    // Forward cannot skip the steps' Next: the sender stays shown.
    await act(() => router.navigate(1));
    await waitFor(() => expect(router.state.historyAction).toBe('POP'));
    expect(screen.getByRole('heading', { level: 2, name: 'Ship from' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await step('Ship to');
    expect(field('Address 1')).toHaveValue('12 Elm St');
  });

  it('shows the steps compactly at phone width', async () => {
    stubPhoneViewport();
    signIn();
    labelApi();
    renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await step('Ship from');
    const steps = screen.getByRole('group', { name: 'Steps' });
    expect(steps).toHaveTextContent('Step 1 of 7: From');
    expect(within(steps).getByRole('progressbar', { name: 'Step 1 of 7' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it('asks before leaving with unsaved input', async () => {
    signIn();
    labelApi();
    const { user, router, location } = renderApp(pagePath({ boxId: '1234567', userId: 7 }));
    await step('Ship from');
    await fillIn(user, field('City'), 'Oakland');
    void router.navigate('/app/dashboard');
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(LABEL_PURCHASE_TEXT.leaveQuestion);
    await user.click(within(question).getByRole('button', { name: 'STAY' }));
    expect(location()).toMatch(/^\/shipment/);
    expect(field('City')).toHaveValue('Oakland');
  });
});
