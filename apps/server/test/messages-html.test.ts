import { describe, expect, it } from 'vitest';
import { deliveryMessageHtml, deliveryMessageText } from '../src/modules/messages/messages.html.js';

const notice = {
  carrier: 'UPSDAP',
  trackingNo: '1Z999AA10123456784',
  hub: { business_name: 'AirBox Union Square', address: '801 Market St', city: 'San Francisco', state: 'CA', zip_code: '94103' },
  pickupCode: '204871',
  deliveredAt: new Date('2026-11-22T13:48:00Z'),
  graceEnd: new Date('2026-11-23T20:00:00Z'),
};

describe('delivery message', () => {
  it("names the carrier as customers know it (UPS, never the wire's UPSDAP), in Pacific time", () => {
    const html = deliveryMessageHtml(notice);
    expect(html).toContain('Your <strong>UPS</strong> package');
    expect(html).toContain('on Nov 22, 2026, 5:48 AM PST.');
    expect(html).not.toContain('UPSDAP');
    expect(deliveryMessageText(notice)).toMatch(/^Your UPS package 1Z999AA10123456784 was delivered/);
  });
});
