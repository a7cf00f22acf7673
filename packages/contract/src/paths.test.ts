import { describe, expect, it } from 'vitest';
import { APP_PATHS, appUrl, PUBLIC_SEGMENTS } from './paths.js';

describe('the page map', () => {
  it("lists the pages the spec opens without sign-in, the recipients' tracking page, the external apps' placeholders, and no signed-in page", () => {
    expect([...PUBLIC_SEGMENTS].sort()).toEqual(
      ['active', 'admin', 'barcode', 'lock', 'login', 'loseefficacy', 'payment', 'register', 'registerenterprise', 'reset', 'pickup', 'showqrcode', 'tablet', 'track'].sort(),
    );
    expect(PUBLIC_SEGMENTS).not.toContain('dashboard');
    expect(PUBLIC_SEGMENTS).not.toContain('shipment');
  });

  it('builds the links the server mails', () => {
    expect(appUrl('https://portal.example', APP_PATHS.active.getHref('a/b c'))).toBe('https://portal.example/app/active/a%2Fb%20c/');
    expect(appUrl('https://portal.example', APP_PATHS.reset.getHref('x+y@example.com', 'id1'))).toBe(
      'https://portal.example/app/reset?Email=x%2By%40example.com&generatedId=id1',
    );
    expect(APP_PATHS.login.getHref('/message?page=2')).toBe('/login?redirect=%2Fmessage%3Fpage%3D2');
  });

  it("puts Purchased Labels' query parameters (spec 03 §2) in its address", () => {
    expect(APP_PATHS.shipments.getHref()).toBe('/ShipmentParent/shipment');
    expect(APP_PATHS.shipments.getHref('AB-12')).toBe('/ShipmentParent/shipment?labelOrder=AB-12');
    expect(APP_PATHS.shipments.getHref({ pickupId: 'pickup_1', carrier: 'FedEx', message: 'Your carrier pickup was successful!' })).toBe(
      '/ShipmentParent/shipment?pickupId=pickup_1&carrier=FedEx&message=Your+carrier+pickup+was+successful%21',
    );
    expect(APP_PATHS.shipments.getHref({ shipmentdetailsid: '7', jump: undefined })).toBe('/ShipmentParent/shipment?shipmentdetailsid=7');
  });

  it("names a pending payment's purchase or the page it goes on to", () => {
    expect(APP_PATHS.payPending.getHref({ plan: 1, number: 10 })).toBe('/payPending?plan=1&number=10');
    expect(APP_PATHS.payPending.getHref({ redirect: APP_PATHS.shipments.getHref() })).toBe('/payPending?redirect=%2FShipmentParent%2Fshipment');
    expect(APP_PATHS.payPending.getHref()).toBe('/payPending');
  });
});
