import { LOW_COMPARTMENT_PREFERENCE, PROFILE_MESSAGES, STORAGE_KEYS } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
import { hub, userProfile } from '../../../testing/fixtures';
import { mockApi, renderApp, signIn, toastSaying, type ApiRequest } from '../../../testing/test-utils';

type Handlers = Parameters<typeof mockApi>[0];

function profileApi(overrides: Handlers = {}) {
  return mockApi({
    '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [userProfile()], lockers: [hub()] } },
    '/app/v1/getLockerInfoByUser': {
      body: { errorcode: 0, message: 'ok', locker_info: [hub(), hub({ id: 'hub-2', business_name: 'SoMa Hub' }), hub({ id: 'bad', city: null })] },
    },
    ...overrides,
  });
}

async function openProfile() {
  signIn({ userId: 7 });
  const view = renderApp('/parent/profile');
  await screen.findByRole('form', { name: 'Edit profile' });
  return view;
}

const dialogText = async () => (await screen.findByRole('dialog')).textContent;

describe('profile', () => {
  it("says 'You have not made any changes' when nothing changed", async () => {
    const api = profileApi();
    const { user } = await openProfile();
    expect(screen.getByLabelText(/First Name/)).toHaveValue('Dana');
    expect(screen.getByLabelText(/Cell Phone Number/)).toHaveValue('415-555-0134');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    // A notice that needs no answer: the toast, no dialog.
    expect(await toastSaying(PROFILE_MESSAGES.noChanges)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('/app/v1/verifyPassword')).toHaveLength(0);
  });

  it("says 'Please fix all current errors' and shows the field's rule when invalid", async () => {
    profileApi();
    const { user } = await openProfile();
    await user.clear(screen.getByLabelText(/First Name/));
    await user.clear(screen.getByLabelText(/^PIN/));
    await user.type(screen.getByLabelText(/^PIN/), '123');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(await dialogText()).toContain(PROFILE_MESSAGES.fixErrors);
    expect(screen.getByText(PROFILE_MESSAGES.firstName)).toBeInTheDocument();
    expect(screen.getByText(PROFILE_MESSAGES.pin)).toBeInTheDocument();
  });

  it('clears a reserved AirBox ID with a warning', async () => {
    profileApi();
    const { user } = await openProfile();
    const boxId = screen.getByLabelText(/AirBox ID/);
    await user.clear(boxId);
    await user.type(boxId, '7777777');
    await user.tab();
    expect(await dialogText()).toContain(PROFILE_MESSAGES.boxIdReserved);
    expect(boxId).toHaveValue('');
  });

  it('keeps a free AirBox ID that is not reserved', async () => {
    profileApi();
    const { user } = await openProfile();
    const boxId = screen.getByLabelText(/AirBox ID/);
    await user.clear(boxId);
    await user.type(boxId, '2135899');
    await user.tab();
    expect(boxId).toHaveValue('2135899');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("asks the password: 'Please enter password', then 'Incorrect password' when verifyPassword refuses it", async () => {
    const api = profileApi({ '/app/v1/verifyPassword': { body: { errorcode: 0, message: 'wrong' } } });
    const { user } = await openProfile();
    await user.clear(screen.getByLabelText(/^City/));
    await user.type(screen.getByLabelText(/^City/), 'Oakland');
    await user.click(screen.getByRole('button', { name: 'Save' }));

    const dialog = await screen.findByRole('dialog', { name: PROFILE_MESSAGES.updateDialogTitle });
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    expect(await within(dialog).findByText(PROFILE_MESSAGES.confirmPasswordRequired)).toBeInTheDocument();
    expect(api.calls('/app/v1/verifyPassword')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Password/), 'NotMine1');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    expect(await within(dialog).findByText(PROFILE_MESSAGES.incorrectPassword)).toBeInTheDocument();
    expect(api.calls('/app/v1/verifyPassword')[0]?.fields.get('password')).toBe('NotMine1');
    expect(api.calls('/app/v1/updateSelfUserInfo')).toHaveLength(0);
  });

  it("saves with the password, says 'Update success' and reads the user again", async () => {
    const api = profileApi({
      '/app/v1/verifyPassword': { body: { errorcode: 1, message: 'ok' } },
      '/app/v1/updateSelfUserInfo': { body: { errorcode: 1, message: 'ok' } },
    });
    const { user } = await openProfile();
    await user.clear(screen.getByLabelText(/^City/));
    await user.type(screen.getByLabelText(/^City/), 'Oakland');
    await user.click(screen.getByRole('switch', { name: 'Text message notifications' }));
    // On unless the customer turned it off; turning it off is sent as 0.
    expect(screen.getByRole('switch', { name: 'Refund unused labels automatically' })).toBeChecked();
    await user.click(screen.getByRole('switch', { name: 'Refund unused labels automatically' }));
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: PROFILE_MESSAGES.updateDialogTitle });
    await user.type(within(dialog).getByLabelText(/^Password/), 'DemoPass1');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));

    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(PROFILE_MESSAGES.updateSuccess));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const sent = api.calls('/app/v1/updateSelfUserInfo')[0] as ApiRequest;
    expect(Object.fromEntries(sent.fields)).toMatchObject({
      user_id: '7',
      confirmPassword: 'DemoPass1',
      City: 'Oakland',
      Cell_phone_number: '415-555-0134',
      lockerUUID: 'hub-1',
      Password: '',
      emailChoose: '1',
      messageChoose: '1',
      autoRefundLabels: '0',
    });
    await waitFor(() => expect(api.calls('/app/v1/getUserByUser_id').length).toBeGreaterThan(1));
  });

  it('turns the wheelchair-reachable compartment on by keyboard and sends it as isHandicapped 1', async () => {
    const api = profileApi({
      '/app/v1/verifyPassword': { body: { errorcode: 1, message: 'ok' } },
      '/app/v1/updateSelfUserInfo': { body: { errorcode: 1, message: 'ok' } },
    });
    const { user } = await openProfile();
    const reach = screen.getByRole('switch', { name: LOW_COMPARTMENT_PREFERENCE.label });
    expect(reach).not.toBeChecked();
    expect(reach).toHaveAccessibleDescription(LOW_COMPARTMENT_PREFERENCE.description);
    // Reached by keyboard (Shift+Tab from the switch after it), turned on with Space.
    screen.getByRole('switch', { name: 'Email notifications' }).focus();
    await user.tab({ shift: true });
    expect(reach).toHaveFocus();
    await user.keyboard(' ');
    expect(reach).toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: PROFILE_MESSAGES.updateDialogTitle });
    await user.type(within(dialog).getByLabelText(/^Password/), 'DemoPass1');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    await waitFor(() => expect(api.calls('/app/v1/updateSelfUserInfo')).toHaveLength(1));
    expect((api.calls('/app/v1/updateSelfUserInfo')[0] as ApiRequest).fields.get('isHandicapped')).toBe('1');
  });

  it('shows the preference a customer saved as on', async () => {
    profileApi({ '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [userProfile({ isHandicapped: 1 })], lockers: [hub()] } } });
    await openProfile();
    expect(screen.getByRole('switch', { name: LOW_COMPARTMENT_PREFERENCE.label })).toBeChecked();
  });

  it('says the other devices were signed out when the e-mail changed', async () => {
    profileApi({
      '/app/v1/verifyPassword': { body: { errorcode: 1, message: 'ok' } },
      '/app/v1/updateSelfUserInfo': { body: { errorcode: 1, message: 'ok' } },
    });
    const { user } = await openProfile();
    await user.clear(screen.getByRole('textbox', { name: /^Email/ }));
    await user.type(screen.getByRole('textbox', { name: /^Email/ }), 'dana.new@example.com');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: PROFILE_MESSAGES.updateDialogTitle });
    await user.type(within(dialog).getByLabelText(/^Password/), 'DemoPass1');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent('signed out on your other devices'));
    expect(sessionStorage.getItem(STORAGE_KEYS.sessionEmail)).toBe('dana.new@example.com');
    expect(Cookies.get('Email')).toBe('dana.new@example.com');
  });

  it("shows the server's message when the update is refused", async () => {
    profileApi({
      '/app/v1/verifyPassword': { body: { errorcode: 1, message: 'ok' } },
      '/app/v1/updateSelfUserInfo': { body: { errorcode: -1, message: PROFILE_MESSAGES.boxIdTaken } },
    });
    const { user } = await openProfile();
    await user.clear(screen.getByLabelText(/^City/));
    await user.type(screen.getByLabelText(/^City/), 'Oakland');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: PROFILE_MESSAGES.updateDialogTitle });
    await user.type(within(dialog).getByLabelText(/^Password/), 'DemoPass1');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    await waitFor(() => expect(screen.getByRole('dialog')).toHaveTextContent(PROFILE_MESSAGES.boxIdTaken));
  });

  it('offers the usable hubs and (none)', async () => {
    profileApi();
    const { user } = await openProfile();
    await user.click(screen.getByRole('combobox', { name: /Delivery hub/ }));
    const options = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(options).toEqual(['(none)', 'Mission Hub — 801 Market St, San Francisco, CA 94103', 'SoMa Hub — 801 Market St, San Francisco, CA 94103']);
  });

  it('warns before leaving with unsaved changes', async () => {
    profileApi({
      '/app/v1/getUnPickupsById': { body: { errorcode: 0, message: 'ok', unpickups: 0 } },
      '/app/v1/getAdvertisements': { body: { errorcode: 0, message: 'ok', ads: [] } },
      '/app/v1/carrierServiceRenaming': { body: { errorcode: 0, message: 'ok', data: [] } },
    });
    const { user, location } = await openProfile();
    const unchanged = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(unchanged);
    expect(unchanged.defaultPrevented).toBe(false);
    await user.type(screen.getByLabelText(/^City/), ' West');
    // Closing the tab or reloading asks the browser's own question.
    const closing = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('link', { name: 'Dashboard' }));
    const warning = await screen.findByRole('alertdialog');
    expect(warning).toHaveTextContent(PROFILE_MESSAGES.leaveWarning);
    await user.click(within(warning).getByRole('button', { name: 'STAY' }));
    expect(location()).toBe('/parent/profile');

    // The closing alert hides the page from assistive technology until it is gone.
    await user.click(await screen.findByRole('link', { name: 'Dashboard' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'LEAVE' }));
    await waitFor(() => expect(location()).toBe('/dashboard'));
  });
});
