import { describe, expect, it } from 'vitest';
import { encodeLabelPurchaseParam } from './label-purchase.js';

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

  it('is safe to put in a query string as it is', () => {
    // '?' and '>' in the JSON produce '+' and '/' in base64, which must be escaped.
    const param = encodeLabelPurchaseParam({ boxId: '>>>???', userId: 1, OrderId: 'é€' });
    expect(param).toMatch(/^[A-Za-z0-9%_.~-]+$/);
    expect(new URLSearchParams(`param=${param}`).get('param')).toBe(decodeURIComponent(param));
    expect(decode(param)).toEqual({ boxId: '>>>???', userId: 1, OrderId: 'é€' });
  });
});
