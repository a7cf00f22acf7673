import { CONTACT_MESSAGES } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { contact } from '../../../testing/fixtures';
import { mockApi, renderApp, signIn } from '../../../testing/test-utils';

const mom = contact();

function contactsApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/app/v1/getUserShipmentAddress': { body: { errorcode: 0, message: 'ok', data: { total: 1, list: [mom] } } },
    '/app/v1/getStates': {
      body: { errorcode: 0, message: 'ok', data: [{ code: 'CA', name: 'California' }, { code: 'TX', name: 'Texas' }] },
    },
    ...overrides,
  });
}

describe('My Contacts', () => {
  it('lists the contacts in the table, or says there are none', async () => {
    signIn({ userId: 7 });
    const api = contactsApi();
    renderApp('/MyContacts');
    const table = await screen.findByRole('table', { name: 'My Contacts' });
    expect(await within(table).findByText('Mom')).toBeInTheDocument();
    expect(within(table).getByText('Rosa Reyes')).toBeInTheDocument();
    expect(within(table).getByText('12 Elm St, Apt 4, Austin, TX, USA, 73301')).toBeInTheDocument();
    // Saved as 512-555-0199, shown as the spec's (xxx) xxx-xxxx.
    expect(within(table).getByText('(512) 555-0199')).toBeInTheDocument();
    const listed = api.calls('/app/v1/getUserShipmentAddress')[0];
    expect([listed?.fields.get('userId'), listed?.fields.get('page'), listed?.fields.get('num')]).toEqual(['7', '1', '10']);
  });

  it("says 'You have no saved contacts.' and ignores a listing failure", async () => {
    signIn();
    contactsApi({ '/app/v1/getUserShipmentAddress': { status: 500, body: { errorcode: -500, message: 'boom' } } });
    renderApp('/MyContacts');
    expect(await screen.findByText(CONTACT_MESSAGES.empty)).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('checks each field on blur, strips punctuation as typed and adds the contact', async () => {
    signIn({ userId: 7 });
    const api = contactsApi({ '/app/v1/addUserShipmentAddress': { body: { errorcode: 1, message: 'ok' } } });
    const { user } = renderApp('/MyContacts');
    await user.click(await screen.findByRole('button', { name: 'ADD CONTACT' }));
    const dialog = await screen.findByRole('dialog', { name: 'ADD CONTACT' });
    expect(within(dialog).getByText(CONTACT_MESSAGES.requiredNote)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Country/)).toHaveValue('USA');

    await user.click(within(dialog).getByLabelText(/^Nickname/));
    await user.tab();
    expect(await within(dialog).findByText(CONTACT_MESSAGES.nickname)).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText(/^Nickname/), "Bob's #1 (work)!");
    expect(within(dialog).getByLabelText(/^Nickname/)).toHaveValue('Bobs 1 work');
    await user.type(within(dialog).getByLabelText(/^Zip Code/), '1234');
    await user.tab();
    expect(await within(dialog).findByText(CONTACT_MESSAGES.format)).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    for (const message of [CONTACT_MESSAGES.address1, CONTACT_MESSAGES.city, CONTACT_MESSAGES.state, CONTACT_MESSAGES.phone]) {
      expect(await within(dialog).findByText(message)).toBeInTheDocument();
    }
    expect(api.calls('/app/v1/addUserShipmentAddress')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/^Address 1/), '500 Howard St');
    await user.type(within(dialog).getByLabelText(/^City/), 'San Francisco');
    await user.click(within(dialog).getByRole('combobox', { name: /State/ }));
    await user.click(await screen.findByRole('option', { name: 'California' }));
    await user.clear(within(dialog).getByLabelText(/^Zip Code/));
    await user.type(within(dialog).getByLabelText(/^Zip Code/), '94105');
    await user.type(within(dialog).getByLabelText(/^Phone Number/), '4155550100');
    await user.click(within(dialog).getByRole('checkbox', { name: CONTACT_MESSAGES.residential }));
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));

    // A toast, not a dialog needing OK: the ADD CONTACT dialog is gone and none replaces it.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(CONTACT_MESSAGES.added));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('/app/v1/addUserShipmentAddress')[0]?.json).toMatchObject({
      user_id: 7,
      name: 'Bobs 1 work',
      address1: '500 Howard St',
      city: 'San Francisco',
      state: 'CA',
      country: 'USA',
      zipcode: '94105',
      phone: '415-555-0100',
      residential: true,
    });
    await waitFor(() => expect(api.calls('/app/v1/getUserShipmentAddress').length).toBeGreaterThan(1));
  });

  it("edits a contact, and shows 'Oops...' with the server's message when refused", async () => {
    signIn({ userId: 7 });
    const api = contactsApi({ '/app/v1/updateUserShipmentAddress': { body: { errorcode: 0, message: 'Address not valid' } } });
    const { user } = renderApp('/MyContacts');
    await user.click(await screen.findByRole('button', { name: 'Edit Mom' }));
    const dialog = await screen.findByRole('dialog', { name: 'EDIT CONTACT' });
    expect(within(dialog).getByLabelText(/^Address 1/)).toHaveValue('12 Elm St');
    await user.clear(within(dialog).getByLabelText(/^City/));
    await user.type(within(dialog).getByLabelText(/^City/), 'Dallas');
    await user.click(within(dialog).getByRole('button', { name: 'CONFIRM' }));
    const oops = await screen.findByRole('dialog', { name: 'Oops...' });
    expect(oops).toHaveTextContent('Address not valid');
    expect(api.calls('/app/v1/updateUserShipmentAddress')[0]?.json).toMatchObject({ id: 31, city: 'Dallas' });
  });

  it("asks before deleting: CANCEL says 'Cancel deletion', CONFIRM deletes", async () => {
    signIn({ userId: 7 });
    const api = contactsApi({ '/app/v1/deleteUserShipmentAddress': { body: { errorcode: 1, message: 'ok' } } });
    const { user } = renderApp('/MyContacts');
    await user.click(await screen.findByRole('button', { name: 'Delete Mom' }));
    let question = await screen.findByRole('alertdialog', { name: CONTACT_MESSAGES.deleteTitle });
    expect(question).toHaveTextContent(CONTACT_MESSAGES.deleteQuestion);
    await user.click(within(question).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(CONTACT_MESSAGES.cancelDeletion));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('/app/v1/deleteUserShipmentAddress')).toHaveLength(0);

    await user.click(await screen.findByRole('button', { name: 'Delete Mom' }));
    question = await screen.findByRole('alertdialog', { name: CONTACT_MESSAGES.deleteTitle });
    await user.click(within(question).getByRole('button', { name: 'CONFIRM' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(CONTACT_MESSAGES.deleted));
    expect(api.calls('/app/v1/deleteUserShipmentAddress')[0]?.json).toEqual({ id: 31 });
  });
});
