import { describe, expect, it } from 'vitest';
import { BOX_ID_MESSAGES } from './airbox-id.js';
import {
  REGISTRATION_MESSAGES as M,
  accountStepSchema,
  REGISTRATION_TIMING,
  addressStepSchema,
  companySearchFilter,
  companyStepSchema,
  enterpriseAccountStepSchema,
  invitationStepSchema,
  registerRequestSchema,
  filterNameInput,
  stripNameCharacters,
  zipStepSchema,
} from './registration.js';

type Result = { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } };
const issuesOf = (result: Result) => (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);

const account = {
  firstName: 'Dana',
  lastName: 'Demo',
  email: 'dana@example.com',
  reptyemail: 'dana@example.com',
  password: 'Secret123',
  reptypassword: 'Secret123',
  cellPhone: '415-555-0134',
  PinNo: '123456',
  boxLocation: 'hub-1',
  BoxID: '4152387',
  backupEmail: '',
  secondaryCellPhone: '',
  isHandicapped: false,
  emailChoose: true,
  messageChoose: false,
};

describe('zip and invitation code steps', () => {
  it('needs 5 digits for the zip', () => {
    expect(zipStepSchema.safeParse({ zipCode: '94103' }).success).toBe(true);
    for (const zipCode of ['', '9410', '941033', '9410a']) {
      expect(issuesOf(zipStepSchema.safeParse({ zipCode }))).toEqual([`zipCode: ${M.zip}`]);
    }
  });

  it('needs 6 letters or digits for the invitation code', () => {
    expect(invitationStepSchema.safeParse({ invitationCode: 'DEMO15' }).success).toBe(true);
    for (const invitationCode of ['', 'DEMO1', 'DEMO155', 'DEMO-1']) {
      expect(issuesOf(invitationStepSchema.safeParse({ invitationCode }))).toEqual([`invitationCode: ${M.invitationCode}`]);
    }
  });
});

describe('account step (spec 02 §5)', () => {
  it('accepts a complete account', () => {
    expect(issuesOf(accountStepSchema.safeParse(account))).toEqual([]);
  });

  it('strips non-word characters from names and caps them at 64', () => {
    expect(stripNameCharacters(' Mary-Ann  <b>O\'Neil</b>! ')).toBe("Mary-Ann bO'Neilb");
    expect(stripNameCharacters('José')).toBe('José');
    expect(filterNameInput('Mary-Ann ')).toBe('Mary-Ann ');
    expect(filterNameInput('Da$na <O\'Neil>')).toBe("Dana O'Neil");
    const parsed = accountStepSchema.parse({ ...account, firstName: 'Da$na', lastName: 'De%mo' });
    expect([parsed.firstName, parsed.lastName]).toEqual(['Dana', 'Demo']);
    expect(issuesOf(accountStepSchema.safeParse({ ...account, firstName: '!!!', lastName: 'x'.repeat(65) }))).toEqual([
      `firstName: ${M.firstName}`,
      `lastName: ${M.lastName}`,
    ]);
  });

  it.each([
    [{ email: 'nope', reptyemail: 'nope' }, `email: ${M.email}`],
    [{ email: `${'a'.repeat(60)}@b.com`, reptyemail: `${'a'.repeat(60)}@b.com` }, `email: ${M.email}`],
    [{ reptyemail: '' }, `reptyemail: ${M.retypeEmail}`],
    [{ reptyemail: 'other@example.com' }, `reptyemail: ${M.emailsDoNotMatch}`],
    [{ password: 'secret123', reptypassword: 'secret123' }, `password: ${M.password}`],
    [{ password: 'Secret12', reptypassword: 'Secret12', PinNo: '12345' }, `PinNo: ${M.pin}`],
    [{ reptypassword: '' }, `reptypassword: ${M.retypePassword}`],
    [{ reptypassword: 'Secret124' }, `reptypassword: ${M.passwordsDoNotMatch}`],
    [{ cellPhone: '415555013' }, `cellPhone: ${M.phone}`],
    [{ cellPhone: '415-5550134' }, `cellPhone: ${M.phone}`],
    [{ boxLocation: '' }, `boxLocation: ${M.hub}`],
    [{ BoxID: '7777777' }, `BoxID: ${BOX_ID_MESSAGES.reserved}`],
    [{ BoxID: '1234567' }, `BoxID: ${BOX_ID_MESSAGES.continuous}`],
    [{ BoxID: '123' }, `BoxID: ${BOX_ID_MESSAGES.format}`],
    [{ backupEmail: 'DANA@example.com' }, `backupEmail: ${M.backupEmailSameAsEmail}`],
    [{ backupEmail: 'nope' }, `backupEmail: ${M.email}`],
    [{ secondaryCellPhone: '4155550134' }, `secondaryCellPhone: ${M.secondaryPhoneSameAsPhone}`],
    [{ secondaryCellPhone: '41555' }, `secondaryCellPhone: ${M.optionalPhone}`],
  ])('refuses %j', (change, message) => {
    expect(issuesOf(accountStepSchema.safeParse({ ...account, ...change }))).toEqual([message]);
  });

  it('has an enterprise variant without the default hub and with the same checks', () => {
    const { boxLocation: _hub, ...enterprise } = account;
    expect(issuesOf(enterpriseAccountStepSchema.safeParse(enterprise))).toEqual([]);
    expect(enterpriseAccountStepSchema.parse({ ...enterprise, boxLocation: 'ignored' })).not.toHaveProperty('boxLocation');
    expect(issuesOf(enterpriseAccountStepSchema.safeParse({ ...enterprise, reptyemail: 'x@example.com', BoxID: '2222222' }))).toEqual([
      `BoxID: ${BOX_ID_MESSAGES.reserved}`,
      `reptyemail: ${M.emailsDoNotMatch}`,
    ]);
  });

  it('accepts phones as 10 digits or ###-###-####', () => {
    expect(accountStepSchema.safeParse({ ...account, cellPhone: '4155550134', secondaryCellPhone: '415-555-0199' }).success).toBe(true);
  });
});

const address = {
  secondPhone: '',
  homePhone: '',
  country: 'United States',
  state: 'CA',
  city: 'San Francisco',
  address1: '742 Valencia St',
  address2: '',
  Conditions: true,
};

describe('address step', () => {
  it('accepts a US address with the terms agreed', () => {
    expect(issuesOf(addressStepSchema.safeParse(address))).toEqual([]);
  });

  it('needs the terms, a US country, state, city and address line 1', () => {
    expect(
      issuesOf(addressStepSchema.safeParse({ ...address, Conditions: false, country: 'Canada', state: '', city: ' ', address1: '' })),
    ).toEqual([`country: ${M.country}`, `state: ${M.state}`, `city: ${M.city}`, `address1: ${M.address1}`, `Conditions: ${M.terms}`]);
  });

  it('checks optional phones only when filled', () => {
    expect(issuesOf(addressStepSchema.safeParse({ ...address, homePhone: '12' }))).toEqual([`homePhone: ${M.optionalPhone}`]);
  });
});

describe('company step', () => {
  const company = { ...address, bc_id: 1, building_id: 2, unit_id: 3, company_id: 4, locker: 'hub', zipcode: '94103', companyConfirmed: true };
  it('accepts a confirmed company', () => {
    expect(issuesOf(companyStepSchema.safeParse(company))).toEqual([]);
  });
  it('needs every pick and the confirmation', () => {
    expect(
      issuesOf(companyStepSchema.safeParse({ ...company, bc_id: '', building_id: '', unit_id: '', company_id: '', locker: '', companyConfirmed: false })),
    ).toEqual([
      `bc_id: ${M.campus}`,
      `building_id: ${M.building}`,
      `unit_id: ${M.unit}`,
      `company_id: ${M.company}`,
      `locker: ${M.hub}`,
      `companyConfirmed: ${M.companyConfirmation}`,
    ]);
  });
});

describe('regist_userInfo request', () => {
  const form = {
    First_name: 'Dana',
    Last_name: 'Demo',
    Email: 'dana@example.com',
    Password: 'Secret123',
    Cell_phone_number: '415-555-0134',
    Address_line_1: '742 Valencia St',
    State_province_region: 'CA',
    City: 'San Francisco',
    Zip_code: '94110',
    BOXID: '4152387',
    PinNo: '123456',
    lockerUUID: 'hub-1',
    emailChoose: '1',
    messageChoose: '0',
  };

  it('takes form strings, booleans as 1/0, and defaults the rest', () => {
    const parsed = registerRequestSchema.parse(form);
    expect(parsed).toMatchObject({ emailChoose: true, messageChoose: false, isHandicapped: false, role_id: 5, Country: 'United States' });
  });

  it('reads company and campus ids sent empty as absent, and numbers from form text', () => {
    const empty = registerRequestSchema.parse({ ...form, business_company_id: '', unit_id: '', building_id: '', bc_id: '', bcm_user_id: '' });
    expect(empty).toMatchObject({ business_company_id: undefined, unit_id: undefined, bc_id: undefined, bcm_user_id: undefined });
    expect(registerRequestSchema.parse({ ...form, business_company_id: '12', bc_id: 3 })).toMatchObject({ business_company_id: 12, bc_id: 3 });
    expect(registerRequestSchema.safeParse({ ...form, unit_id: 'abc' }).success).toBe(false);
  });

  it('applies the same rules as the wizard', () => {
    expect(issuesOf(registerRequestSchema.safeParse({ ...form, Password: 'weak', BOXID: '2222222', Email2: 'dana@example.com' }))).toEqual([
      `Password: ${M.password}`,
      `BOXID: ${BOX_ID_MESSAGES.reserved}`,
      `Email2: ${M.backupEmailSameAsEmail}`,
    ]);
  });
});

describe('company search (spec 02 §4)', () => {
  it('sends 7 digits as an AirBox ID and anything else as a company name', () => {
    expect(companySearchFilter('2135846')).toEqual({ airbox_id: '2135846' });
    expect(companySearchFilter(' 2135846 ')).toEqual({ airbox_id: '2135846' });
    expect(companySearchFilter('213584')).toEqual({ company_name: '213584' });
    expect(companySearchFilter('21358467')).toEqual({ company_name: '21358467' });
    expect(companySearchFilter('Acme 1')).toEqual({ company_name: 'Acme 1' });
    expect(companySearchFilter('  ')).toEqual({});
  });

  it('keeps the spec timings and page sizes', () => {
    expect(REGISTRATION_TIMING).toEqual({ verifyDelayMs: 500, companySearchDebounceMs: 500, companySearchPageSize: 10, fullListSize: 500 });
  });
});
