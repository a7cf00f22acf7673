import { describe, expect, it } from 'vitest';
import { decodeLabelPurchaseParam, encodeLabelPurchaseParam } from './label-purchase.js';
import { LABEL_RETURN_MESSAGES, offersQrCode, sendReturnLabelFormSchema } from './label-returns.js';

describe('QR-code labels and return labels (issue 23 items 2 and 3)', () => {
  it('offers a QR code for USPS alone, as the wire names carriers', () => {
    expect(['USPS', 'UPSDAP', 'FedEx', '', undefined].map(offersQrCode)).toEqual([true, false, false, false, false]);
  });

  it('carries the label a return starts from in the label page’s param, and drops one that is not an id', () => {
    expect(decodeLabelPurchaseParam(encodeLabelPurchaseParam({ boxId: '123456', userId: 7, returnOfId: 42 }))).toEqual({ boxId: '123456', userId: 7, returnOfId: 42 });
    expect(decodeLabelPurchaseParam(encodeLabelPurchaseParam({ boxId: '1', userId: 7, returnOfId: 0 }))).toEqual({ boxId: '1', userId: 7 });
  });

  it('sends a return label to a valid address only, without a copy unless asked', () => {
    expect(sendReturnLabelFormSchema.parse({ email: 'sam@example.com' })).toEqual({ email: 'sam@example.com', copyMe: false });
    const refused = sendReturnLabelFormSchema.safeParse({ email: 'not-an-address', copyMe: true });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe(LABEL_RETURN_MESSAGES.emailRequired);
  });
});
