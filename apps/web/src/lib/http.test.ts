import { API_ERRORCODE, CHECK_USER_ERRORCODE, LABEL_FILE_ERRORCODE, MESSAGES, QR_CODE_ERRORCODE, SHIPMENT_MESSAGES } from '@airbox/contract';
import { describe, expect, it } from 'vitest';
import { mockApi } from '../testing/test-utils';
import { ApiError, download, request } from './http';

describe('request', () => {
  it('form-encodes a POST body and sends the session cookie', async () => {
    const api = mockApi({ '/app/v1/logout': { body: { errorcode: 1, message: 'bye' } } });
    // The call's data: the answer without its errorcode and message (logout has none).
    await expect(request('logoutCall', { user_id: 7 })).resolves.toEqual({});
    const [input, init] = api.fetchMock.mock.calls[0] ?? [];
    expect(String(input)).toBe('/app/v1/logout');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('same-origin');
    expect(String(init?.body)).toBe('user_id=7');
  });

  it('puts GET fields in the query string', async () => {
    const api = mockApi({ '/app/v1/genCode128': { body: { errorcode: 0, message: 'ok', data: 'iVBOR' } } });
    await request('genCode128Call', { pcode: 'AB 12' });
    expect(String(api.fetchMock.mock.calls[0]?.[0])).toBe('/app/v1/genCode128?pcode=AB+12');
    expect(api.fetchMock.mock.calls[0]?.[1]?.body).toBeUndefined();
  });

  it("returns a success answer's data, without errorcode and message", async () => {
    mockApi({ '/app/v1/getUserQRcode': { body: { errorcode: QR_CODE_ERRORCODE.ok, message: 'ok', qrcode: 'QR', boxid: '2135846', next_reset_at: null } } });
    await expect(request('getUserQrCodeCall', { user_id: 7 })).resolves.toEqual({ qrcode: 'QR', boxid: '2135846', next_reset_at: null });
  });

  it("turns an answer with another of the call's errorcodes into an ApiError", async () => {
    mockApi({
      '/app/v1/getUserQRcode': {
        body: { errorcode: QR_CODE_ERRORCODE.resetLocked, message: 'Try again later.', qrcode: 'QR', boxid: '2135846', next_reset_at: null },
      },
    });
    const error = await request('getUserQrCodeCall', { user_id: 7, update: '1' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errorcode: QR_CODE_ERRORCODE.resetLocked, message: 'Try again later.', status: 200, isCallFailure: true });
  });

  it('accepts every success errorcode of a call (checkUser: 1 and 0 alike)', async () => {
    for (const errorcode of [CHECK_USER_ERRORCODE.linkSent, CHECK_USER_ERRORCODE.noSuchAccount]) {
      mockApi({ '/app/v1/checkUser': { body: { errorcode, message: 'sent' } } });
      await expect(request('checkUserCall', { email: 'a@b.co' })).resolves.toEqual({});
    }
  });

  it('turns an error answer into an ApiError with errorcode, message and status', async () => {
    mockApi({ '/app/v1/checkUser': { status: 429, body: { errorcode: API_ERRORCODE.tooManyRequests, message: MESSAGES.tooManyAttempts } } });
    const error = await request('checkUserCall', { email: 'a@b.co' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errorcode: -429, message: MESSAGES.tooManyAttempts, status: 429, isServiceFailure: false, isCallFailure: false });
  });

  it('turns a 200 answer that is not the success shape into an ApiError', async () => {
    mockApi({ '/app/v1/logout': { body: { errorcode: 0, message: 'Logout failed' } } });
    await expect(request('logoutCall', { user_id: 7 })).rejects.toMatchObject({ errorcode: 0, message: 'Logout failed', status: 200 });
  });

  it.each([
    ['a 5xx answer', { status: 502, body: { errorcode: -500, message: 'upstream' } }, 502],
    ['an unreadable answer', { status: 200, body: { unexpected: true } }, 0],
    ['no answer at all', 'network-error' as const, 0],
  ])('reports %s as a service failure', async (_case, answer, status) => {
    mockApi({ '/app/v1/logout': answer });
    const error = await request('logoutCall', { user_id: 7 }).catch((caught: unknown) => caught);
    expect(error).toMatchObject({ message: MESSAGES.serviceException, status, isServiceFailure: true });
  });
});

describe('download', () => {
  it('posts the call as request() does and gives the file back as a Blob', async () => {
    const api = mockApi({
      '/app/v1/downloadInvoice': () => new Response('%PDF-1.7 invoice', { headers: { 'Content-Type': 'application/pdf' } }),
    });
    const file = await download('downloadInvoiceCall', { shippingIndexID: 12 });
    expect(file.type).toBe('application/pdf');
    expect(await file.text()).toBe('%PDF-1.7 invoice');
    expect(api.calls('/app/v1/downloadInvoice')[0]?.fields.get('shippingIndexID')).toBe('12');
    expect(api.fetchMock.mock.calls[0]?.[1]?.method).toBe('POST');
  });

  it("turns the JSON failure answer into an ApiError with the server's errorcode and message", async () => {
    mockApi({
      '/app/v1/downloadInvoice': { status: 404, body: { errorcode: LABEL_FILE_ERRORCODE.none, message: SHIPMENT_MESSAGES.noInvoice } },
    });
    const error = await download('downloadInvoiceCall', { shippingIndexID: 12 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ errorcode: LABEL_FILE_ERRORCODE.none, message: SHIPMENT_MESSAGES.noInvoice, status: 404 });
  });

  it('reports a 5xx or no answer as a service failure', async () => {
    mockApi({ '/app/v1/downloadLabelPdf': { status: 500, body: { errorcode: -500, message: 'boom' } } });
    await expect(download('downloadLabelPdfCall', { shipmentId: 'shp_1' })).rejects.toMatchObject({ isServiceFailure: true, status: 500 });
    mockApi({ '/app/v1/downloadLabelPdf': 'network-error' });
    await expect(download('downloadLabelPdfCall', { shipmentId: 'shp_1' })).rejects.toMatchObject({ isServiceFailure: true, status: 0 });
  });
});
