import { OPENAPI_CODE, type ShipmentRow, type UspsPickupDbInfo, type UspsPickupInquiry } from '@airbox/contract';
import { contact, myAddress, shipmentRow } from '../../../testing/fixtures';
import { shipmentsApi, type ApiRequest } from '../../../testing/test-utils';

/** A bought label as userGetShipment lists it: FedEx unless told, never scanned, no pickup yet. */
export function labelRow(overrides: Partial<ShipmentRow> = {}): ShipmentRow {
  return shipmentRow({
    shipmentID: 'shp_2001',
    shippingIndexID: 2001,
    shippingdetails_id: 701,
    orderNo: 'LB2001',
    rateCarrier: 'FedEx',
    rateService: 'FEDEX_GROUND',
    retailRate: '14.20',
    listRate: '13.10',
    insurance: '0.00',
    TotalPrice: '14.20',
    trackingNum: '794600000001',
    labelURL: 'label/2001.png',
    fromAddress1: '350 5th Ave',
    fromAddress2: 'New York, NY 10118',
    fromPhone: '2125550134',
    toPhone: '5125550199',
    ...overrides,
  });
}

export const FEDEX_ROW = labelRow();
export const USPS_ROW = labelRow({
  shipmentID: 'shp_2002',
  shippingIndexID: 2002,
  shippingdetails_id: 702,
  orderNo: 'LB2002',
  rateCarrier: 'USPS',
  rateService: 'Priority',
  trackingNum: '9400111899220000000002',
});
export const UPS_ROW = labelRow({ shipmentID: 'shp_2003', shippingIndexID: 2003, shippingdetails_id: 703, orderNo: 'LB2003', rateCarrier: 'UPSDAP', rateService: 'Ground' });

export const ok = { code: OPENAPI_CODE.ok, errorcode: OPENAPI_CODE.ok, message: 'ok' };

/** getMyAddress: the customer's mailing address, then their hub in New York. */
export const HOME = myAddress({ address1: '350 5th Ave', city: 'New York', state: 'NY', zipcode: '10118', phone: '2125550134' });
export const HUB = { ...HOME, kind: 'hub', firstName: '', lastName: '', company: 'Midtown Hub', address1: '1 Penn Plz', zipcode: '10119', phone: '2125550100', email: '', hours: 'Open 24 hours' };

/** A contact of My Contacts in New York. */
export const MOM = contact({ address1: '20 W 34th St', city: 'New York', state: 'NY', zipcode: '10001', phone: '646-555-0199' });

export const FEDEX_RATES = [
  { id: 'pickuprate_1', rate: '6.50', currency: 'USD', service: 'Same-day', carrier: 'FedEx' },
  { id: 'pickuprate_2', rate: '4.00', currency: 'USD', service: 'Next-day', carrier: 'FedEx' },
];

/** CarrierPickupInquiry's response of a scheduled USPS pickup. */
export function uspsInquiry(overrides: Partial<UspsPickupInquiry> = {}): UspsPickupInquiry {
  return {
    FirstName: 'Rosa',
    LastName: 'Reyes',
    FirmName: '',
    Address: '20 W 34th St',
    SuiteOrApt: 'Apt 4',
    City: 'New York',
    State: 'NY',
    ZIP5: '10001',
    Phone: '6465550199',
    ConfirmationNumber: 'WTC123456789',
    SpecialInstructions: 'Ring twice',
    Date: '2026-11-27',
    DayOfWeek: 'Friday',
    PackageCount: 1,
    ServiceType: 'Priority Mail',
    EstimatedWeight: 2.5,
    PackageLocation: 'Front Door',
    ...overrides,
  };
}

export function uspsDbInfo(overrides: Partial<UspsPickupDbInfo> = {}): UspsPickupDbInfo {
  return {
    estimatedweight: 2.5,
    address2: 'Apt 4',
    packagelocation: 'Front Door',
    dropoffcode: '',
    count: 1,
    servicetype: 'Priority Mail',
    specialinstructions: 'Ring twice',
    confirmation: 'WTC123456789',
    pickupdate: '2026-11-27',
    status: 'scheduled',
    reschedulableDates: ['2026-11-27', '2026-11-30'],
    labels: ['LB2002'],
    ...overrides,
  };
}

type Answer = { status?: number; body: unknown };
export type Handlers = Record<string, Answer | ((request: ApiRequest) => Answer)>;

/** The calls Purchased Labels and the pickup screens make, answered as a server following the contract does. */
export function pickupApi(list: ShipmentRow[], overrides: Handlers = {}) {
  return shipmentsApi(list, {
    '/openapi/easyPost/getMyAddress': { body: { ...ok, data: [HOME, HUB] } },
    '/openapi/easyPost/getUserShipmentAddress': { body: { ...ok, total: 1, data: [MOM] } },
    '/openapi/easyPost/validateAddress': { body: { ...ok, data: { result: 1, addrId: 'adr_9', suggestion: null, reasons: [] } } },
    '/openapi/easyPost/createPickup': { body: { ...ok, data: { pickupId: 'pickup_9', pickup_rates: FEDEX_RATES } } },
    '/openapi/easyPost/paypalByPickup': { body: { ...ok, paymentUrl: 'https://pay.example/approve?token=pickup' } },
    '/openapi/USPS/CarrierPickupAvailability': {
      body: { ...ok, data: { CarrierPickupAvailabilityResponse: { CarrierRoute: 'C001', Date: '2026-11-26', DayOfWeek: 'Thursday' } } },
    },
    '/openapi/USPS/CarrierPickupSchedule': { body: { ...ok, data: { ConfirmationNumber: 'WTC123456789', Date: '2026-11-27', DayOfWeek: 'Friday' } } },
    ...overrides,
  });
}
