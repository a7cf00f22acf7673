import { BOX_ID_MESSAGES, REGISTRATION_MESSAGES as M } from '@airbox/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadSchemas } from '../../../lib/schemas-loader';
import { mockApi, renderApp, toastSaying, type ApiRequest } from '../../../testing/test-utils';
import { ACTIVATION_NOTICE } from '../hooks/use-send-registration';

const HUB = {
  id: 'hub-1',
  business_name: 'AirBox Union Square',
  address: '801 Market St',
  city: 'San Francisco',
  state: 'CA',
  zip_code: '94103',
  location: null,
};

type Register = (request: ApiRequest) => { status?: number; body: unknown } | 'network-error';

function api(register: Register = () => ({ body: { errorcode: 1, message: 'success' } })) {
  return mockApi({
    '/app/v1/firstLogin': ({ fields }) => ({ body: { errorcode: fields.get('zip_code') === '94103' ? 1 : 0, message: '' } }),
    '/app/v1/getBoxid': { body: { errorcode: 0, message: 'ok', BOXID: '4152387' } },
    '/app/v1/getLockerInfoByMode': {
      body: { errorcode: 0, message: 'ok', locker_info: [HUB, { ...HUB, id: 'hub-2', business_name: null }] },
    },
    '/app/v1/regist_userInfo': register,
  });
}

type User = ReturnType<typeof userEvent.setup>;

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });

/**
 * The field a label names, for the fields a test only fills in or opens: a label lookup costs
 * a few milliseconds where a role lookup in this large MUI form takes hundreds (jsdom computes
 * styles up the tree to tell whether the field is visible). Assertions keep role queries.
 */
const labelled = (name: string) => screen.getByLabelText(new RegExp(`^${name}[\\s*]*$`));

/**
 * Gives a field its whole value in one change: typing it key by key re-renders the MUI form on
 * every character. The tests about as-typed behaviour (name stripping, the phone mask, the zip's
 * delay after the fifth digit, the digits-only zip) keep `user.type`.
 */
function enter(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

/** Opens a drop-down list by its label and clicks the option showing `option`. */
async function choose(user: User, label: string, option: string) {
  await user.click(labelled(label));
  await user.click(within(await screen.findByRole('listbox')).getByText(option));
}

async function passZip(user: User) {
  enter(await screen.findByRole('textbox', { name: /^ZIP code/ }), '94103');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Account info' });
}

async function fillAccount(user: User, { email = 'dana@example.com' } = {}) {
  enter(labelled('First name'), 'Da$na');
  enter(labelled('Last name'), 'Demo');
  enter(labelled('Email'), email);
  enter(labelled('Retype email'), email);
  enter(labelled('Password'), 'Secret123');
  enter(labelled('Retype password'), 'Secret123');
  enter(labelled('Cell phone'), '4155550134');
  enter(labelled('PIN'), '482915');
  await waitFor(() => expect(labelled('AirBox ID')).toHaveValue('4152387'));
  await choose(user, 'Default delivery hub', 'AirBox Union Square');
}

async function fillAddressAndSubmit(user: User) {
  await screen.findByRole('heading', { name: 'Your address' });
  await choose(user, 'State', 'California');
  enter(labelled('City'), 'San Francisco');
  enter(labelled('Address line 1'), '742 Valencia St');
  await user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
  await user.click(screen.getByRole('button', { name: 'Sign up' }));
}

async function reachAddress() {
  const app = renderApp('/register');
  await passZip(app.user);
  await fillAccount(app.user);
  await app.user.click(screen.getByRole('button', { name: 'Next' }));
  return app;
}

afterEach(() => {
  vi.useRealTimers();
});

describe('individual registration: zip step', () => {
  it('checks the zip 500 ms after the fifth digit and clears an invalid one', async () => {
    const { calls } = api();
    renderApp('/register');
    const zip = await screen.findByRole('textbox', { name: /^ZIP code/ });
    // Loaded, the schemas no longer stand between the timer and the call.
    await loadSchemas();
    // Typed under fake timers: user-event advances them by its own (zero) waits, the test by the
    // rest. Testing Library drains its act() queue with a setTimeout it advances only through a
    // `jest` global: give it vitest's clock.
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime });
    await user.type(zip, '9999');
    await vi.advanceTimersByTimeAsync(700);
    expect(calls('/app/v1/firstLogin')).toHaveLength(0);
    await user.type(zip, '9');
    expect(zip).toHaveValue('99999');
    await vi.advanceTimersByTimeAsync(499);
    expect(calls('/app/v1/firstLogin')).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls('/app/v1/firstLogin').map((call) => call.fields.get('zip_code'))).toEqual(['99999']);
    vi.useRealTimers();
    expect(await screen.findByText(M.invalidZip)).toBeInTheDocument();
    await waitFor(() => expect(zip).toHaveValue(''));
  });

  it('keeps only digits, and Next passes only a zip the server confirmed', async () => {
    const { calls } = api();
    const { user } = renderApp('/register');
    const zip = await screen.findByRole('textbox', { name: /^ZIP code/ });
    await user.type(zip, '9a9-99');
    expect(zip).toHaveValue('9999');
    await user.type(zip, '9');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.invalidZip)).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Account info' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'OK' }));
    enter(zip, '94103');
    await user.click(await screen.findByRole('button', { name: 'Next' }));
    expect(await screen.findByRole('heading', { name: 'Account info' })).toBeInTheDocument();
    expect(calls('/app/v1/firstLogin').at(-1)?.fields.get('zip_code')).toBe('94103');
  });
});

describe('individual registration: account step', () => {
  it('shows the rules of spec 02 §5 as field errors', async () => {
    api();
    const { user } = renderApp('/register');
    await passZip(user);
    await user.click(screen.getByRole('button', { name: 'Next' }));
    for (const message of [M.firstName, M.lastName, M.email, M.retypeEmail, M.password, M.retypePassword, M.phone, M.pin, M.hub]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    enter(labelled('Email'), 'dana@example.com');
    enter(labelled('Retype email'), 'other@example.com');
    enter(labelled('Backup email'), 'DANA@example.com');
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText(M.emailsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByText(M.backupEmailSameAsEmail)).toBeInTheDocument();
  });

  it('strips non-word characters from names as they are typed', async () => {
    api();
    const { user } = renderApp('/register');
    await passZip(user);
    await user.type(field('First name'), 'Ma<r>y-Ann!');
    expect(field('First name')).toHaveValue('Mary-Ann');
  });

  it('shows the cell phone as digits while focused and ###-###-#### after', async () => {
    api();
    const { user } = renderApp('/register');
    await passZip(user);
    const phone = field('Cell phone');
    await user.type(phone, '(415) 555-01349');
    expect(phone).toHaveValue('4155550134');
    await user.tab();
    expect(phone).toHaveValue('415-555-0134');
    expect(phone).toHaveAttribute('maxlength', '12');
    await user.click(phone);
    expect(phone).toHaveValue('4155550134');
    expect(phone).toHaveAttribute('maxlength', '10');
  });

  it('suggests an AirBox ID from the first 3 digits of a valid cell phone, editable, with the reserved and continuous rules', async () => {
    const { calls } = api();
    const { user } = renderApp('/register');
    await passZip(user);
    await user.type(field('Cell phone'), '41555');
    expect(calls('/app/v1/getBoxid')).toHaveLength(0);
    await user.type(field('Cell phone'), '50134');
    await waitFor(() => expect(field('AirBox ID')).toHaveValue('4152387'));
    expect(calls('/app/v1/getBoxid').map((call) => call.fields.get('phoneNumber'))).toEqual(['415']);

    const boxId = field('AirBox ID');
    await user.clear(boxId);
    await user.paste('7777777');
    await user.tab();
    expect(await screen.findByText(BOX_ID_MESSAGES.reserved)).toBeInTheDocument();
    await user.clear(boxId);
    await user.paste('2345678');
    expect(await screen.findByText(BOX_ID_MESSAGES.continuous)).toBeInTheDocument();
    await user.clear(boxId);
    await user.paste('2135846');
    await waitFor(() => expect(screen.queryByText(BOX_ID_MESSAGES.continuous)).not.toBeInTheDocument());
  });

  it('lists only complete hubs with their address', async () => {
    api();
    const { user } = renderApp('/register');
    await passZip(user);
    await user.click(screen.getByRole('combobox', { name: /^Default delivery hub/ }));
    const options = await screen.findAllByRole('option');
    expect(options).toHaveLength(1);
    expect(options[0]).toHaveTextContent('AirBox Union Square801 Market St, San Francisco, CA 94103');
  });
});

describe('individual registration: hubs near the ZIP code', () => {
  it('asks the hubs nearest the ZIP code of step 1 and shows how far each is, nearest first', async () => {
    const { calls } = mockApi({
      '/app/v1/firstLogin': { body: { errorcode: 1, message: '' } },
      '/app/v1/getBoxid': { body: { errorcode: 0, message: 'ok', BOXID: '4152387' } },
      '/app/v1/getLockerInfoByMode': ({ fields }) => ({
        body: {
          errorcode: 0,
          message: 'ok',
          // The server's order for ZIP code 94103: nearest first.
          locker_info:
            fields.get('zip_code') === '94103'
              ? [
                  { ...HUB, distance_mi: 2.4 },
                  { ...HUB, id: 'hub-3', business_name: 'AirBox Capitol Hill', city: 'Seattle', state: 'WA', zip_code: '98122', distance_mi: 679.3 },
                  { ...HUB, id: 'hub-4', business_name: 'AirBox Riverside', city: 'Austin', state: 'TX', zip_code: '78741', distance_mi: null },
                ]
              : [],
        },
      }),
    });
    const { user } = renderApp('/register');
    await passZip(user);
    await user.click(screen.getByRole('combobox', { name: /^Default delivery hub/ }));
    const options = await screen.findAllByRole('option');
    expect(calls('/app/v1/getLockerInfoByMode').map((request) => request.fields.get('zip_code'))).toEqual(['94103']);
    expect(options.map((option) => option.textContent)).toEqual([
      'AirBox Union Square2.4 mi801 Market St, San Francisco, CA 94103',
      'AirBox Capitol Hill679 mi801 Market St, Seattle, WA 98122',
      'AirBox Riverside801 Market St, Austin, TX 78741',
    ]);
    await user.click(options[0]!);
    expect(screen.getByText('801 Market St, San Francisco, CA 94103 · 2.4 mi')).toBeInTheDocument();
  });
});

describe('individual registration: sending', () => {
  it('says at the terms box when they are not accepted, and sends nothing', async () => {
    const { calls } = api();
    const { user } = await reachAddress();
    await screen.findByRole('heading', { name: 'Your address' });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    // A field error: said at the terms box (its description), not in a dialog.
    const box = screen.getByRole('checkbox', { name: /I have read and agree/ });
    await waitFor(() => expect(box).toHaveAccessibleDescription(M.terms));
    expect(box).toBeInvalid();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls('/app/v1/regist_userInfo')).toHaveLength(0);
  });

  it('opens the Terms of Use in a dialog', async () => {
    api();
    const { user } = await reachAddress();
    await user.click(await screen.findByRole('button', { name: 'Terms of Use' }));
    const dialog = await screen.findByRole('dialog', { name: 'Terms of Use' });
    expect(within(dialog).getByText(/12:00 PM PST/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Terms of Use' })).not.toBeInTheDocument());
    // The link sits in the checkbox's label: reading the terms does not tick the box.
    expect(screen.getByRole('checkbox', { name: 'I have read and agree to the Terms of Use' })).not.toBeChecked();
  });

  it('recommends text notifications; TURN ON sends messageChoose 1, then /login with the activation notice as a toast', async () => {
    const { calls } = api();
    const app = await reachAddress();
    await fillAddressAndSubmit(app.user);
    const nudge = await screen.findByRole('alertdialog', { name: 'Turn on text notifications?' });
    expect(calls('/app/v1/regist_userInfo')).toHaveLength(0);
    await app.user.click(within(nudge).getByRole('button', { name: 'TURN ON' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
    // The toast stays over the change of route: the notice shows on /login, with no dialog.
    const notice = await toastSaying(ACTIVATION_NOTICE);
    expect(notice).toHaveTextContent(M.activationSent);
    expect(await screen.findByRole('button', { name: 'Login' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = Object.fromEntries(calls('/app/v1/regist_userInfo')[0]!.fields);
    expect(sent).toMatchObject({
      messageChoose: '1',
      emailChoose: '1',
      isHandicapped: '0',
      isCompany: '0',
      role_id: '5',
      First_name: 'Dana',
      Email: 'dana@example.com',
      Cell_phone_number: '415-555-0134',
      BOXID: '4152387',
      PinNo: '482915',
      lockerUUID: 'hub-1',
      Zip_code: '94103',
      State_province_region: 'CA',
      Country: 'United States',
    });
  });

  it('IGNORE sends messageChoose 0', async () => {
    const { calls } = api();
    const app = await reachAddress();
    await fillAddressAndSubmit(app.user);
    await app.user.click(await screen.findByRole('button', { name: 'IGNORE' }));
    await waitFor(() => expect(calls('/app/v1/regist_userInfo')).toHaveLength(1));
    expect(calls('/app/v1/regist_userInfo')[0]!.fields.get('messageChoose')).toBe('0');
  });

  it("marks both e-mail fields 'Email already in use' and returns to account info on 'Duplicated email!'", async () => {
    api(() => ({ body: { errorcode: 0, message: M.duplicatedEmail } }));
    const app = await reachAddress();
    await fillAddressAndSubmit(app.user);
    await app.user.click(await screen.findByRole('button', { name: 'IGNORE' }));
    expect(await screen.findByRole('heading', { name: 'Account info' })).toBeInTheDocument();
    expect(await screen.findAllByText(M.emailInUse)).toHaveLength(2);
    expect(field('First name')).toHaveValue('Dana');
  });

  it("shows another refusal titled 'Oops...', and nothing on a network failure", async () => {
    let answer: 'network-error' | { body: unknown } = { body: { errorcode: 0, message: 'This AirBox ID is already taken' } };
    api(() => answer);
    const app = await reachAddress();
    await fillAddressAndSubmit(app.user);
    await app.user.click(await screen.findByRole('button', { name: 'IGNORE' }));
    const dialog = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(within(dialog).getByText('This AirBox ID is already taken')).toBeInTheDocument();
    await app.user.click(within(dialog).getByRole('button', { name: 'OK' }));

    answer = 'network-error';
    await app.user.click(await screen.findByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Sign up' })).toBeEnabled());
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(app.location()).toBe('/register');
  });

  it('closes to /login', async () => {
    api();
    const app = renderApp('/Register');
    await app.user.click(await screen.findByRole('link', { name: 'Close and return to login' }));
    await waitFor(() => expect(app.location()).toBe('/login'));
  });
});
