import { describe, expect, it } from 'vitest';
import { HOME, HUB, MOM, USPS_ROW } from '../testing/pickup-fixtures';
import {
  EMPTY_PICKUP_ADDRESS,
  EMPTY_PICKUP_DATE,
  addressFromContact,
  addressFromHub,
  addressFromLabel,
  applySuggestion,
  createPickupInput,
  estimatedPounds,
  firstPickupAddress,
  isHubAddress,
  pickupRoute,
  uspsScheduleInput,
} from './draft';
import { pickupDateLabel, pickupWindowText, timeLabel } from './format';

const hub = { ...HUB, kind: 'hub' as const };
const home = { ...HOME, kind: 'home' as const };

describe('pickup drafts', () => {
  it('routes USPS to the free path, UPS (as UPSDAP) to the refusal, FedEx and others to the paid one', () => {
    expect(pickupRoute({ rateCarrier: 'USPS' })).toBe('usps');
    expect(pickupRoute({ rateCarrier: 'UPSDAP' })).toBe('ups');
    expect(pickupRoute({ rateCarrier: 'FedExDefault' })).toBe('paid');
  });

  it('takes the locker hub with the customer as its contact, and knows it again unless the street was changed', () => {
    const atHub = addressFromHub(hub, home, EMPTY_PICKUP_ADDRESS);
    expect(atHub).toMatchObject({ FirstName: 'Dana', LastName: 'Reyes', Company: 'Midtown Hub', Address_line_1: '1 Penn Plz', Cell_phone_number: '212-555-0134', Zip_code: '10119' });
    expect(isHubAddress(atHub, hub)).toBe(true);
    expect(isHubAddress({ ...atHub, Address_line_1: '2 Penn Plz' }, hub)).toBe(false);
    expect(isHubAddress(atHub, undefined)).toBe(false);
  });

  it("starts with the USPS label's own service, and takes the label's ship-from address, a one-piece name split at its last word", () => {
    expect(firstPickupAddress({ rateService: 'GroundAdvantage' })).toEqual({ ...EMPTY_PICKUP_ADDRESS, ServiceType: 'USPS Ground Advantage' });
    expect(firstPickupAddress({ rateService: 'FEDEX_GROUND' }).ServiceType).toBe('');
    const from = { name: 'Dana Maria Reyes', company: 'Reyes Bakery', street1: '742 Valencia St', street2: '', city: 'San Francisco', state: 'California', zip: '94110-1234', phone: '4155550134', email: '' };
    expect(addressFromLabel(from, { ...EMPTY_PICKUP_ADDRESS, ServiceType: 'Priority Mail' })).toEqual({
      FirstName: 'Dana Maria',
      LastName: 'Reyes',
      Company: 'Reyes Bakery',
      Cell_phone_number: '415-555-0134',
      Address_line_1: '742 Valencia St',
      Address_line_2: '',
      City: 'San Francisco',
      State_province_region: 'CA',
      Country: 'USA',
      Zip_code: '94110',
      ServiceType: 'Priority Mail',
    });
    expect(addressFromLabel({ ...from, name: 'Madonna' }, EMPTY_PICKUP_ADDRESS)).toMatchObject({ FirstName: 'Madonna', LastName: '' });
  });

  it("takes a contact (a state's name becomes its code), keeping the USPS service already chosen", () => {
    const address = addressFromContact({ ...MOM, state: 'New York' }, { ...EMPTY_PICKUP_ADDRESS, ServiceType: 'Priority Mail' });
    expect(address).toMatchObject({ FirstName: 'Rosa', State_province_region: 'NY', Cell_phone_number: '646-555-0199', ServiceType: 'Priority Mail' });
    expect(applySuggestion(address, { street1: '20 W 34TH ST', street2: '', city: 'NEW YORK', state: 'NY', zip: '10001-3021' })).toMatchObject({
      Address_line_1: '20 W 34TH ST',
      Address_line_2: '',
      Zip_code: '10001',
    });
  });

  it("writes the window as 'YYYY-MM-DD HH:mm:ss' at the address, and USPS's weight in pounds", () => {
    const date = { ...EMPTY_PICKUP_DATE, PickupDate: '2026-11-27', Latest: '12:30' };
    expect(createPickupInput({ shipmentID: 'shp_1' }, 'adr_1', date, true)).toMatchObject({
      minDatetime: '2026-11-27 09:00:00',
      maxDatetime: '2026-11-27 12:30:00',
      userLocker: true,
    });
    expect(estimatedPounds(40)).toBe(2.5);
    expect(estimatedPounds(0)).toBeUndefined();
    expect(estimatedPounds(16 * 151)).toBeUndefined();
    const address = addressFromContact(MOM, { ...EMPTY_PICKUP_ADDRESS, ServiceType: 'Priority Mail' });
    expect(uspsScheduleInput(USPS_ROW, 7, address, { ...date, reference: 'Front Door' }, false)).toMatchObject({
      servicetype: 'Priority Mail',
      count: 1,
      estimatedweight: 2.5,
      packagelocation: 'Front Door',
      shipmentdetailsid: 702,
      pickupdate: '2026-11-27',
    });
  });
});

describe('pickup dates and times', () => {
  it('shows a calendar date with its weekday, whatever the viewer’s zone, and times on a 12-hour clock', () => {
    expect(pickupDateLabel('2026-11-30')).toBe('Monday, Nov 30, 2026');
    expect(timeLabel('09:00:00')).toBe('9:00 AM');
    expect(timeLabel('12:30')).toBe('12:30 PM');
    expect(timeLabel('00:00')).toBe('12:00 AM');
  });

  it('names the window with the time zone at the address, in summer and in winter', () => {
    expect(pickupWindowText('2026-11-27 09:00:00', '2026-11-27 16:00:00', 'America/New_York')).toBe(
      'Friday, Nov 27, 2026, 9:00 AM – 4:00 PM Eastern Standard Time',
    );
    expect(pickupWindowText('2026-07-01 09:00:00', '2026-07-01 16:00:00', 'America/Los_Angeles')).toBe(
      'Wednesday, Jul 1, 2026, 9:00 AM – 4:00 PM Pacific Daylight Time',
    );
    expect(pickupWindowText('', '', 'America/New_York')).toBe('');
  });
});
