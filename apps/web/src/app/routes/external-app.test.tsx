import { ROLE } from '@airbox/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp, signIn } from '../../testing/test-utils';

describe("the external apps' placeholders", () => {
  it('says in the portal layout that the admin app is separate, and leads a visitor to login', async () => {
    mockApi({});
    renderApp('/admin/');
    expect(await screen.findByRole('heading', { level: 1, name: 'AirBox admin app' })).toBeInTheDocument();
    expect(screen.getByText(/The admin app for administrators is a separate application outside this customer portal/)).toBeInTheDocument();
    // The portal's public layout is around it: its brand link and its account links.
    expect(screen.getByRole('navigation', { name: 'Account' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the login page' })).toHaveAttribute('href', '/app/login');
    expect(screen.queryByRole('link', { name: 'Back to the dashboard' })).not.toBeInTheDocument();
  });

  it('leads a signed-in customer back to the dashboard from the tablet app', async () => {
    signIn({ roleId: ROLE.companyEmployee });
    mockApi({});
    renderApp('/tablet/');
    expect(await screen.findByRole('heading', { level: 1, name: 'AirBox business tablet app' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to the dashboard' })).toHaveAttribute('href', '/app/dashboard');
  });

  it('leads a signed-in admin, whose home is not the dashboard, to the login page', async () => {
    signIn({ roleId: ROLE.admin });
    mockApi({});
    renderApp('/admin/');
    expect(await screen.findByRole('link', { name: 'Back to the login page' })).toHaveAttribute('href', '/app/login');
  });
});
