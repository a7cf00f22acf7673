import { pageCallKey } from '@airbox/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { takePageAnswer } from './page-answers';

function writeFirstAnswers(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = 'first-answers';
  element.textContent = text;
  document.head.append(element);
}

afterEach(() => {
  vi.restoreAllMocks();
  document.getElementById('first-answers')?.remove();
});

describe('takePageAnswer', () => {
  it("gives a call's written answer once, for the same fields only, and then nothing", () => {
    const answer = { errorcode: 0, message: 'ok', total: 1 };
    writeFirstAnswers(JSON.stringify({ [pageCallKey('userGetShipmentCall', { user_id: 7, start: 0, num: 3 })]: answer }));
    expect(takePageAnswer('userGetShipmentCall', { user_id: 7, start: 0, num: 10 })).toBeUndefined();
    expect(takePageAnswer('userGetShipmentCall', { user_id: 7, start: 0, num: 3 })).toEqual(answer);
    expect(takePageAnswer('userGetShipmentCall', { user_id: 7, start: 0, num: 3 })).toBeUndefined();
    // The element is read once and taken out of the page.
    expect(document.getElementById('first-answers')).toBeNull();
  });

  it('drops the answers of a page opened more than 30 s ago, and ignores an unreadable element', () => {
    const now = vi.spyOn(performance, 'now').mockReturnValue(1_000);
    writeFirstAnswers(JSON.stringify({ [pageCallKey('getAdvertisementsCall', {})]: { errorcode: 0, message: 'ok', ads: [] } }));
    expect(takePageAnswer('carrierServiceRenamingCall', {})).toBeUndefined();
    now.mockReturnValue(31_001);
    expect(takePageAnswer('getAdvertisementsCall', {})).toBeUndefined();

    writeFirstAnswers('{not json');
    expect(takePageAnswer('getAdvertisementsCall', {})).toBeUndefined();
  });
});
