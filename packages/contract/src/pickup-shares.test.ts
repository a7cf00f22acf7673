import { describe, expect, it } from 'vitest';
import { directionsUrl, getPublicPickupShareCall, PICKUP_SHARE_MESSAGES, sharePickupRequestSchema } from './pickup-shares.js';

describe('sharing a pickup', () => {
  it('takes a link, an e-mail with its address, a text with a US number', () => {
    expect(sharePickupRequestSchema.parse({ packageId: '7', via: 'link' })).toEqual({ packageId: 7, via: 'link' });
    expect(sharePickupRequestSchema.parse({ packageId: 7, via: 'email', email: ' friend@example.com ' })).toMatchObject({ email: 'friend@example.com' });
    expect(sharePickupRequestSchema.parse({ packageId: 7, via: 'text', phone: '415-555-0177' })).toMatchObject({ phone: '415-555-0177' });
    expect(sharePickupRequestSchema.parse({ packageId: 7, via: 'text', phone: '4155550177' })).toMatchObject({ phone: '4155550177' });
  });

  it('names the missing address or number, and refuses other ways', () => {
    const noEmail = sharePickupRequestSchema.safeParse({ packageId: 7, via: 'email' });
    expect(noEmail.error?.issues).toEqual([expect.objectContaining({ path: ['email'], message: PICKUP_SHARE_MESSAGES.emailRequired })]);
    const noPhone = sharePickupRequestSchema.safeParse({ packageId: 7, via: 'text', phone: '555' });
    expect(noPhone.error?.issues[0]).toMatchObject({ path: ['phone'] });
    expect(sharePickupRequestSchema.safeParse({ packageId: 7, via: 'fax' }).success).toBe(false);
    expect(sharePickupRequestSchema.safeParse({ packageId: 0, via: 'link' }).success).toBe(false);
  });

  it("the public page's token is 43 URL-safe characters, nothing else", () => {
    const token = getPublicPickupShareCall.request;
    expect(token.safeParse({ token: 'a'.repeat(43) }).success).toBe(true);
    expect(token.safeParse({ token: 'a'.repeat(42) }).success).toBe(false);
    expect(token.safeParse({ token: `${'a'.repeat(42)}/` }).success).toBe(false);
  });

  it('gives directions to the hub by its address', () => {
    expect(directionsUrl('1 Main St, San Francisco, CA 94105')).toBe('https://www.google.com/maps/dir/?api=1&destination=1%20Main%20St%2C%20San%20Francisco%2C%20CA%2094105');
  });
});
