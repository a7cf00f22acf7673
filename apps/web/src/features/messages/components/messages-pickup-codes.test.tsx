import { INBOX_MESSAGES } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../testing/test-utils';

/* Issue 11: deleting a "Not picked up" message deletes its pickup code; the page says so first. */

const message = (overrides: Record<string, unknown>) => ({
  message_id: 1,
  message_date: '2026-11-20T18:30:00.000Z',
  tracking_no: '9400100000000000000001',
  carrier: 'USPS',
  messages: 'Your parcel is ready.',
  is_pickup: 0,
  pickup_code: '482913',
  ...overrides,
});

function messagesApi() {
  return mockApi({
    '/app/v1/getUserMessage': {
      body: {
        errorcode: 0,
        message: 'ok',
        total: 3,
        messages: [
          message({ message_id: 3, tracking_no: 'TRACK-3', pickup_code: '482913' }),
          message({ message_id: 4, tracking_no: 'TRACK-4', pickup_code: '105577' }),
          message({ message_id: 5, tracking_no: 'TRACK-5', is_pickup: 1, pickup_code: '700001' }),
        ],
      },
    },
    '/app/v1/stat/getCarrierList': { body: { errorcode: 0, message: 'ok', carrierList: [] } },
    '/app/v1/getAdvertisements': { body: { errorcode: 0, message: 'ok', ads: [] } },
    '/app/v1/deleteMessage': { body: { errorcode: 1, message: 'ok' } },
  });
}

describe('My Messages: pickup codes', () => {
  it("warns that a waiting package's code goes with its message, and keeps it when the customer cancels", async () => {
    signIn();
    const api = messagesApi();
    const { user } = renderApp('/message');
    await user.click(await screen.findByRole('button', { name: 'Delete the message of TRACK-3' }, { timeout: 15_000 }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Delete this message? This package is not picked up yet: its pickup code 482913 goes with the message. You will still find the code on your Dashboard until you pick the package up.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('/app/v1/deleteMessage')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Delete the message of TRACK-3' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'CONFIRM' }));
    await waitFor(() => expect(api.calls('/app/v1/deleteMessage')[0]?.fields.get('message_id')).toBe('3'));
    expect(await screen.findByText(INBOX_MESSAGES.deleted)).toBeInTheDocument();
  });

  it('names every waiting code in a bulk delete, and deletes a picked-up message without asking', async () => {
    signIn();
    const api = messagesApi();
    const { user } = renderApp('/message');
    await screen.findByText('TRACK-3', {}, { timeout: 15_000 });
    await user.click(screen.getByRole('checkbox', { name: 'Select every message on this page' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent(
      'Delete the 3 selected messages? 2 of these packages are not picked up yet: their pickup codes (482913, 105577) go with the messages. You will still find the codes on your Dashboard until you pick the packages up.',
    );
    expect(dialog).not.toHaveTextContent('700001');
    await user.click(within(dialog).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Delete the message of TRACK-5' }));
    await waitFor(() => expect(api.calls('/app/v1/deleteMessage')[0]?.fields.get('message_id')).toBe('5'));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});
