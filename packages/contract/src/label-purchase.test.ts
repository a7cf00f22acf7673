import { describe, expect, it } from 'vitest';
import { decodeLabelPurchaseParam, encodeLabelPurchaseParam } from './label-purchase.js';

function decode(param: string): unknown {
  const binary = atob(decodeURIComponent(param));
  return JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0))));
}

describe('encodeLabelPurchaseParam', () => {
  it('encodes the AirBox ID and the user id', () => {
    const param = encodeLabelPurchaseParam({ boxId: '1234567', userId: 42 });
    expect(decode(param)).toEqual({ boxId: '1234567', userId: 42 });
  });

  it('adds the order id when a saved order is continued', () => {
    const param = encodeLabelPurchaseParam({ boxId: '1234567', userId: 42, OrderId: 'ord-9' });
    expect(decode(param)).toEqual({ boxId: '1234567', userId: 42, OrderId: 'ord-9' });
  });

  it('adds the unpaid label opened at its Review step', () => {
    const param = encodeLabelPurchaseParam({ boxId: '1234567', userId: 42, unpaidLabelId: 17 });
    expect(decode(param)).toEqual({ boxId: '1234567', userId: 42, unpaidLabelId: 17 });
  });

  it('is safe to put in a query string as it is', () => {
    // '?' and '>' in the JSON produce '+' and '/' in base64, which must be escaped.
    const param = encodeLabelPurchaseParam({ boxId: '>>>???', userId: 1, OrderId: 'é€' });
    expect(param).toMatch(/^[A-Za-z0-9%_.~-]+$/);
    expect(new URLSearchParams(`param=${param}`).get('param')).toBe(decodeURIComponent(param));
    expect(decode(param)).toEqual({ boxId: '>>>???', userId: 1, OrderId: 'é€' });
  });
});

describe('decodeLabelPurchaseParam', () => {
  it('reads back what the encoder made, with or without a saved order', () => {
    expect(decodeLabelPurchaseParam(encodeLabelPurchaseParam({ boxId: '1234567', userId: 42 }))).toEqual({ boxId: '1234567', userId: 42 });
    expect(decodeLabelPurchaseParam(encodeLabelPurchaseParam({ boxId: '1234567', userId: 42, OrderId: 7 }))).toEqual({
      boxId: '1234567',
      userId: 42,
      OrderId: 7,
    });
    expect(decodeLabelPurchaseParam(encodeLabelPurchaseParam({ boxId: '1', userId: 2, OrderId: '15' }))?.OrderId).toBe('15');
  });

  it('gives nothing for a missing or forged param, and drops an order id that is not a number', () => {
    expect(decodeLabelPurchaseParam(null)).toBeUndefined();
    expect(decodeLabelPurchaseParam('')).toBeUndefined();
    expect(decodeLabelPurchaseParam('%%%')).toBeUndefined();
    expect(decodeLabelPurchaseParam(btoa('not json'))).toBeUndefined();
    expect(decodeLabelPurchaseParam(btoa(JSON.stringify({ boxId: 5, userId: 'x' })))).toBeUndefined();
    expect(decodeLabelPurchaseParam(encodeLabelPurchaseParam({ boxId: '1', userId: 2, OrderId: '1 or 1=1' }))).toEqual({ boxId: '1', userId: 2 });
  });

  it('reads back an unpaid label, and drops one that is not a positive whole number', () => {
    expect(decodeLabelPurchaseParam(encodeLabelPurchaseParam({ boxId: '1', userId: 2, unpaidLabelId: 9 }))).toEqual({ boxId: '1', userId: 2, unpaidLabelId: 9 });
    for (const unpaidLabelId of ['9', 0, -3, 1.5]) {
      expect(decodeLabelPurchaseParam(btoa(JSON.stringify({ boxId: '1', userId: 2, unpaidLabelId })))).toEqual({ boxId: '1', userId: 2 });
    }
  });
});
