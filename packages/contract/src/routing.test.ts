import { describe, expect, it } from 'vitest';
import { ROLE, USER_STATUS } from './constants.js';
import { destinationGetsSession, loginDestination, safeRedirectPath } from './routing.js';

describe('login destination by role and Status (spec 01 §4, §6)', () => {
  it.each([
    [ROLE.customer, USER_STATUS.active, 'dashboard'],
    [ROLE.companyUser, USER_STATUS.active, 'dashboard'],
    [ROLE.companyEmployee, USER_STATUS.active, 'dashboard'],
    [ROLE.customer, USER_STATUS.notActivated, 'notActivated'],
    [ROLE.companyUser, USER_STATUS.notActivated, 'notActivated'],
    [ROLE.business, USER_STATUS.notActivated, 'notActivated'],
    [ROLE.business, USER_STATUS.active, 'pendingBusiness'],
    [ROLE.business, USER_STATUS.businessActive, 'tablet'],
    [ROLE.admin, USER_STATUS.active, 'admin'],
  ] as const)('role %i with Status %i goes to %s', (role_id, Status, destination) => {
    expect(loginDestination({ role_id, Status })).toBe(destination);
  });

  it('gives a session only to users who get somewhere', () => {
    expect(destinationGetsSession('dashboard')).toBe(true);
    expect(destinationGetsSession('admin')).toBe(true);
    expect(destinationGetsSession('tablet')).toBe(true);
    expect(destinationGetsSession('notActivated')).toBe(false);
    expect(destinationGetsSession('pendingBusiness')).toBe(false);
  });
});

describe('redirect after login stays inside the app (SECURITY.md)', () => {
  it.each(['/dashboard', '/parent/profile', '/message?page=2', '/MyContacts#top', '/ShipmentParent/shipment'])(
    'keeps %j',
    (path) => {
      expect(safeRedirectPath(path)).toBe(path);
    },
  );

  it('resolves harmless dot segments', () => {
    expect(safeRedirectPath('/parent/../message')).toBe('/message');
  });

  it.each([
    null,
    undefined,
    '',
    'dashboard',
    '//evil.example',
    '/\\evil.example',
    '\\\\evil.example',
    'https://evil.example/dashboard',
    'javascript:alert(1)',
    '/%2F%2Fevil.example',
    '%2F%2Fevil.example',
    '/%5Cevil.example',
    '/%252F%252Fevil.example',
    '/\t/evil.example',
    '/ /evil.example',
    `/${'a'.repeat(2100)}`,
    '/..//evil.example',
    '/%2e%2e/%2e%2e//evil.example',
    '/x/../..//evil.example',
    '/./%2E//evil.example',
    '/%252e%252e//evil.example',
  ])('refuses %j', (redirect) => {
    expect(safeRedirectPath(redirect)).toBeNull();
  });
});
