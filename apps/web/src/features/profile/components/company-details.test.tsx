import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { hub, userProfile } from '../../../testing/fixtures';
import { mockApi, renderApp, signIn } from '../../../testing/test-utils';

/* Spec 03 §6: roles 15 and 16 see their company info on the profile (issue 11). */

const companyInfo = {
  errorcode: 0,
  message: 'ok',
  data: [{ bc_id: 1, building_id: 2, unit_id: 3, bc_name: 'Bay Campus', building_name: 'Tower A', unit_name: '12B', company_name: 'Acme Robotics' }],
};

function profileApi(user: ReturnType<typeof userProfile>) {
  return mockApi({
    '/app/v1/getUserByUser_id': { body: { errorcode: 1, message: 'ok', users: [user], lockers: [hub()] } },
    '/app/v1/getLockerInfoByUser': { body: { errorcode: 0, message: 'ok', locker_info: [hub()] } },
    '/app/v1/getLockerInfoByBuilding': { body: { errorcode: 0, message: 'ok', locker_info: [hub()] } },
    '/app/v1/businessCampus/company/info': { body: companyInfo },
  });
}

describe('My Profile: company', () => {
  it.each([15, 16])('shows campus, building, unit and company to role %i', async (roleId) => {
    signIn({ userId: 7, roleId });
    const api = profileApi(userProfile({ role_id: roleId, business_company_id: 41, building_id: 2 }));
    renderApp('/parent/profile');
    const company = await screen.findByRole('region', { name: 'Company' }, { timeout: 15_000 });
    const shown: [string, string][] = [
      ['Company', 'Acme Robotics'],
      ['Campus', 'Bay Campus'],
      ['Building', 'Tower A'],
      ['Unit', '12B'],
    ];
    for (const [term, value] of shown) {
      const label = within(company).getByText(term, { selector: 'dt' });
      expect(await within(label.parentElement!).findByText(value)).toBeInTheDocument();
    }
    expect(api.calls('/app/v1/businessCampus/company/info')[0]?.fields.get('company_id')).toBe('41');
    expect(await screen.findByRole('form', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it('shows no company to an individual customer (role 5)', async () => {
    signIn({ userId: 7, roleId: 5 });
    const api = profileApi(userProfile());
    renderApp('/parent/profile');
    await screen.findByRole('form', { name: 'Edit profile' }, { timeout: 15_000 });
    expect(screen.queryByRole('region', { name: 'Company' })).toBeNull();
    expect(api.calls('/app/v1/businessCampus/company/info')).toHaveLength(0);
  });
});
