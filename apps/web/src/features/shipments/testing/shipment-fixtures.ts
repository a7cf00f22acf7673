import { READ_ERRORCODE, type ShipmentDetail, type ShipmentRow } from '@airbox/contract';
import { shipmentRow } from '../../../testing/fixtures';
import { mockApi } from '../../../testing/test-utils';

/** A label in each state the list shows (spec 03 §4), each with its own order number. */
export const ROWS = {
  unpaid: shipmentRow({ shippingIndexID: 1, orderNo: 'LB0001', shipmentID: '', status_flag: '0', trackingNum: '', labelURL: '' }),
  labelCreated: shipmentRow({ shippingIndexID: 2, orderNo: 'LB0002', shipmentID: 'shp_2', rateCarrier: 'UPSDAP', rateService: 'Ground' }),
  inTransit: shipmentRow({ shippingIndexID: 3, orderNo: 'LB0003', easypostStatus: 'in_transit', rateCarrier: 'FedEx', rateService: 'FEDEX_GROUND' }),
  delivered: shipmentRow({ shippingIndexID: 4, orderNo: 'LB0004', easypostStatus: 'delivered', comments: 'Birthday gift' }),
  refunded: shipmentRow({ shippingIndexID: 5, orderNo: 'LB0005', status_flag: '2', refund_status: 'refunded' }),
  refundPending: shipmentRow({ shippingIndexID: 6, orderNo: 'LB0006', status_flag: '2', refund_status: 'submitted', autoRefund: true }),
  unknownStatus: shipmentRow({ shippingIndexID: 7, orderNo: 'LB0007', easypostStatus: 'unknown' }),
} satisfies Record<string, ShipmentRow>;

export const RENAMING = [
  { carrier: 'USPS', easypost_original: 'Priority', renamed: 'USPS Priority Mail', service_search_queries: 'Priority' },
  { carrier: 'UPSDAP', easypost_original: 'Ground', renamed: 'UPS Ground', service_search_queries: 'Ground' },
];

export const listAnswer = (list: ShipmentRow[], total = list.length) => ({ body: { errorcode: READ_ERRORCODE.ok, message: 'ok', data: { total, list } } });

/** The calls Purchased Labels makes on opening, answered: the given rows, the renaming list. */
export function shipmentsApi(list: ShipmentRow[] = Object.values(ROWS), overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/app/v1/userGetShipment': listAnswer(list),
    '/app/v1/carrierServiceRenaming': { body: { errorcode: READ_ERRORCODE.ok, message: 'ok', data: RENAMING } },
    ...overrides,
  });
}

/** getShipmentDetail's data for a label in transit. */
export function shipmentDetail(overrides: Partial<ShipmentDetail> = {}): ShipmentDetail {
  const address = { company: '', street2: '', email: '' };
  return {
    comments: 'Handle with care',
    from_address: { ...address, name: 'Dana Reyes', street1: '742 Valencia St', city: 'San Francisco', state: 'CA', zip: '94110', phone: '4155550134' },
    to_address: { ...address, name: 'Rosa Reyes', company: 'Reyes Bakery', street1: '12 Elm St', city: 'Austin', state: 'TX', zip: '73301', phone: '5125550199' },
    tracker: {
      status: 'in_transit',
      trackingCode: '9400111899223344556677',
      trackingDetails: [
        { status: 'pre_transit', message: 'Shipping label created', datetime: '2026-11-20T10:00:00Z' },
        { status: 'in_transit', message: 'Departed USPS facility, Oakland CA', datetime: '2026-11-21T08:30:00Z' },
      ],
    },
    selected_rate: { carrier: 'USPS', service: 'Priority', deliveryDays: 2 },
    refund_status: '',
    discount_amount: '0.50',
    parcel: { weight: 40, height: 6, width: 10, length: 12, createdAt: '2026-11-20T09:59:00Z' },
    postage_label: { trackingCode: '9400111899223344556677', labelPdfUrl: 'label/1001.pdf' },
    shippingdetails_id: 501,
    orderNo: 'LB0003',
    status_flag: '1',
    retailRate: '12.75',
    insurance: '1.00',
    TotalPrice: '13.25',
    paymentReference: 'PAY-…7Q2',
    publicTrackingUrl: '',
    ...overrides,
  };
}
