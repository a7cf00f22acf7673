import { REGISTRATION_MESSAGES as M } from '@airbox/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp, toastSaying } from '../../../testing/test-utils';
import { ACTIVATION_NOTICE } from '../hooks/use-send-registration';

type User = ReturnType<typeof userEvent.setup>;
const ok = (data: unknown) => ({ body: { errorcode: 0, message: 'success', data } });
const hub = (id: string, name: string) => ({ id, business_name: name, address: '1 Main St', city: 'San Francisco', state: 'CA', zip_code: '94158', location: null });

const COMPANIES = {
  1001: { company_id: 1001, company_name: 'Acme Robotics', airbox_id: '2135901' },
  1002: { company_id: 1002, company_name: 'Bayside Bakery', airbox_id: '2135902' },
} as const;

function api() {
  return mockApi({
    '/app/v1/businessCampus/verifyCode': ({ fields }) =>
      fields.get('code') === 'DEMO15'
        ? { body: { errorcode: 1, message: 'success', data: [{ bcm_company_name: 'Bayside Property Management', bcm_user_id: 3, role_id: 15 }] } }
        : { body: { errorcode: -1, message: 'invalid', data: [] } },
    '/app/v1/getBoxid': { body: { errorcode: 0, message: 'ok', BOXID: '4152387' } },
    '/app/v1/businessCampus/campus/list': ok([
      { bc_id: 1, bc_name: 'Mission Bay Commons', address1: '1800 Owens St', address2: '', city: 'San Francisco', state: 'CA', zip_code: '94158' },
      { bc_id: 2, bc_name: 'Riverside Tech Campus', address1: '2100 Riverside Dr', address2: '', city: 'Austin', state: 'TX', zip_code: '78741' },
    ]),
    '/app/v1/businessCampus/building/list': ({ fields }) =>
      ok(fields.get('bc_id') === '1' ? [{ building_id: 11, building_name: 'North Tower' }, { building_id: 12, building_name: 'South Tower' }] : [{ building_id: 21, building_name: 'Lab A' }]),
    '/app/v1/businessCampus/unit/list': ({ fields }) => {
      const building = Number(fields.get('building_id'));
      const units = [1, 2].map((n) => ({ unit_id: building * 10 + n, unit_name: `Suite ${building * 10 + n}` }));
      return ok({ total: units.length, list: units });
    },
    '/app/v1/businessCampus/company/list': ({ fields }) =>
      ok(fields.get('unit_id') === '111' ? { total: 1, list: [COMPANIES[1001]] } : { total: 2, list: Object.values(COMPANIES) }),
    '/app/v1/businessCampus/company/info': ok([
      { bc_id: 1, building_id: 11, unit_id: 111, bc_name: 'Mission Bay Commons', building_name: 'North Tower', unit_name: 'Suite 111', company_name: 'Acme Robotics' },
    ]),
    '/app/v1/getLockerInfoByBuilding': ({ fields }) =>
      ({ body: { errorcode: 0, message: 'success', locker_info: [hub(`hub-${fields.get('business_building_id')}`, `Hub of ${fields.get('business_building_id')}`)] } }),
    '/app/v1/regist_userInfo': { body: { errorcode: 1, message: 'success' } },
  });
}

const field = (name: string) => screen.getByRole('textbox', { name: new RegExp(`^${name}`) });
const select = (name: string) => screen.getByRole('combobox', { name: new RegExp(`^${name}`) });

/**
 * The field a label names, for the fields a test only fills in or opens: a label lookup costs
 * a few milliseconds where a role lookup in this large MUI form takes hundreds (jsdom computes
 * styles up the tree to tell whether the field is visible). Assertions keep role queries.
 */
const labelled = (name: string) => screen.getByLabelText(new RegExp(`^${name}[\\s*]*$`));

/**
 * Gives a field its whole value in one change: typing it key by key re-renders the MUI form on
 * every character. The search by AirBox ID, whose point is the debounce while typing, keeps
 * `user.type`.
 */
function enter(element: HTMLElement, value: string) {
  fireEvent.change(element, { target: { value } });
}

async function reachCompanyStep(user: User) {
  enter(await screen.findByRole('textbox', { name: /^Invitation code/ }), 'DEMO15');
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Account info' });
  expect(screen.queryByRole('combobox', { name: /Default delivery hub/ })).not.toBeInTheDocument();
  enter(labelled('First name'), 'Casey');
  enter(labelled('Last name'), 'Company');
  enter(labelled('Email'), 'casey@example.com');
  enter(labelled('Retype email'), 'casey@example.com');
  enter(labelled('Password'), 'Secret123');
  enter(labelled('Retype password'), 'Secret123');
  enter(labelled('Cell phone'), '4155550188');
  enter(labelled('PIN'), '482915');
  await waitFor(() => expect(labelled('AirBox ID')).toHaveValue('4152387'));
  await user.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { name: 'Your company' });
}

async function pickCompany(user: User, text: string, name: string) {
  await user.click(labelled('Company'));
  await user.paste(text);
  await user.click(await screen.findByRole('option', { name: new RegExp(name) }, { timeout: 3000 }));
}

async function choose(user: User, name: string, option: string) {
  await user.click(labelled(name));
  await user.click(await screen.findByRole('option', { name: option }));
}

describe('enterprise registration', () => {
  it("says 'Invalid Invitation Code!' titled 'Oops...' for a refused code", async () => {
    api();
    const { user } = renderApp('/RegisterEnterprise');
    expect(await screen.findByRole('heading', { name: 'Build your enterprise profile' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Register as an individual' })).toHaveAttribute('href', '/app/register');
    await user.type(screen.getByRole('textbox', { name: /^Invitation code/ }), 'NOPE99');
    const dialog = await screen.findByRole('dialog', { name: 'Oops...' }, { timeout: 3000 });
    expect(within(dialog).getByText(M.invalidInvitationCode)).toBeInTheDocument();
  });

  it('searches a 7-digit text as an AirBox ID and other text as a name, scoped to the property manager', async () => {
    const { calls } = api();
    const { user } = renderApp('/RegisterEnterprise');
    await reachCompanyStep(user);
    // Seven keystrokes with no pause between them (one after another in the same task, so no
    // timer can run between two of them, however busy the machine): a person typing quickly.
    const company = screen.getByRole('combobox', { name: /^Company/ });
    for (let length = 1; length <= 7; length += 1) fireEvent.change(company, { target: { value: '2135901'.slice(0, length) } });
    await waitFor(() => expect(calls('/app/v1/businessCampus/company/list').some((call) => call.fields.has('airbox_id'))).toBe(true));
    const search = calls('/app/v1/businessCampus/company/list').find((call) => call.fields.has('airbox_id'))!;
    expect(Object.fromEntries(search.fields)).toEqual({ size: '10', airbox_id: '2135901', bcm_user_id: '3' });
    // Debounced: no call for the partial texts typed in between.
    expect(calls('/app/v1/businessCampus/company/list').filter((call) => call.fields.has('company_name'))).toEqual([]);

    await user.clear(screen.getByRole('combobox', { name: /^Company/ }));
    await user.paste('Acme');
    await waitFor(() =>
      expect(calls('/app/v1/businessCampus/company/list').map((call) => call.fields.get('company_name'))).toContain('Acme'),
    );
  });

  it('fills campus, building, unit, hub and address from a chosen company, and clears the cascade as spec 02 §4 says', async () => {
    const { calls } = api();
    const { user } = renderApp('/RegisterEnterprise');
    await reachCompanyStep(user);
    await pickCompany(user, 'Acme', 'Acme Robotics');
    await waitFor(() => expect(select('Campus')).toHaveTextContent('Mission Bay Commons'));
    await waitFor(() => expect(select('Unit')).toHaveTextContent('Suite 111'));
    expect(select('Building')).toHaveTextContent('North Tower');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Delivery hub/ })).toHaveValue('Hub of 11'));
    expect(field('Address line 1')).toHaveValue('1800 Owens St');
    expect(field('Address line 2')).toHaveValue('Unit/Suite Suite 111');
    expect(field('City')).toHaveValue('San Francisco');
    expect(field('ZIP code')).toHaveValue('94158');

    // Unit → clears the company.
    await choose(user, 'Unit', 'Suite 112');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Company/ })).toHaveValue(''));

    // Building → clears unit and company, loads that building's lockers.
    await pickCompany(user, 'Acme', 'Acme Robotics');
    await waitFor(() => expect(select('Unit')).toHaveTextContent('Suite 111'));
    await choose(user, 'Building', 'South Tower');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Company/ })).toHaveValue(''));
    expect(select('Unit')).not.toHaveTextContent('Suite 111');
    await waitFor(() => expect(calls('/app/v1/getLockerInfoByBuilding').map((call) => call.fields.get('business_building_id'))).toContain('12'));
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Delivery hub/ })).toHaveValue('Hub of 12'));

    // Campus → clears building, unit, company and locker.
    await choose(user, 'Campus', 'Riverside Tech Campus');
    await waitFor(() => expect(select('Building')).not.toHaveTextContent('South Tower'));
    expect(screen.getByRole('combobox', { name: /^Delivery hub/ })).toHaveValue('');
    expect(field('City')).toHaveValue('Austin');
  });

  it('needs the company confirmed, then sends the role and company of the invitation', async () => {
    const { calls } = api();
    const app = renderApp('/RegisterEnterprise');
    await reachCompanyStep(app.user);
    await pickCompany(app.user, 'Acme', 'Acme Robotics');
    await waitFor(() => expect(screen.getByRole('combobox', { name: /^Delivery hub/ })).toHaveValue('Hub of 11'));
    await app.user.click(screen.getByRole('checkbox', { name: /I have read and agree/ }));
    await app.user.click(screen.getByRole('button', { name: 'Sign up' }));
    // Said at the box, which gets the focus; no dialog.
    const confirmBox = screen.getByRole('checkbox', { name: 'I have verified that my selected company is correct.' });
    await waitFor(() => expect(confirmBox).toHaveAccessibleDescription(M.companyConfirmation));
    expect(confirmBox).toHaveFocus();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(calls('/app/v1/regist_userInfo')).toHaveLength(0);

    await app.user.click(confirmBox);
    await app.user.click(screen.getByRole('button', { name: 'Sign up' }));
    await waitFor(() => expect(calls('/app/v1/regist_userInfo')).toHaveLength(1));
    expect(Object.fromEntries(calls('/app/v1/regist_userInfo')[0]!.fields)).toMatchObject({
      role_id: '15',
      Activation_code: 'DEMO15',
      bcm_user_id: '3',
      business_company_id: '1001',
      bc_id: '1',
      building_id: '11',
      unit_id: '111',
      lockerUUID: 'hub-11',
      isCompany: '0',
      Address_line_2: 'Unit/Suite Suite 111',
      Zip_code: '94158',
    });
    // Signed up: the login page, with the activation notice as a toast over it (no dialog).
    await waitFor(() => expect(app.location()).toBe('/login'));
    expect(await toastSaying(ACTIVATION_NOTICE)).toHaveTextContent(M.activationSent);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});
