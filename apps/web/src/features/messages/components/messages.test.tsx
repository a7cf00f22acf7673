import { INBOX_MESSAGES } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { holdAnswers, mockApi, renderApp, signIn, watchDrawnWithout } from '../../../testing/test-utils';
import { stubPhoneViewport } from '../../../testing/viewport';

const message = (overrides: Record<string, unknown>) => ({
  message_id: 1,
  message_date: '2026-11-20T18:30:00.000Z',
  tracking_no: '9400100000000000000001',
  carrier: 'USPS',
  messages: 'Your parcel is <b>ready</b>.',
  is_pickup: 0,
  pickup_code: '482913',
  ...overrides,
});

function messagesApi(overrides: Parameters<typeof mockApi>[0] = {}) {
  return mockApi({
    '/app/v1/getUserMessage': {
      body: {
        errorcode: 0,
        message: 'ok',
        total: 2,
        messages: [
          message({ message_id: 3, tracking_no: 'TRACK-3' }),
          message({
            message_id: 5,
            tracking_no: 'TRACK-5',
            is_pickup: 1,
            messages:
              '<img src=x onerror="window.hacked=1">Picked up<script>window.hacked=2</script> <a href="javascript:window.hacked=3">details</a>',
          }),
        ],
      },
    },
    '/app/v1/stat/getCarrierList': {
      body: { errorcode: 0, message: 'ok', carrierList: [{ shipping_company_name: 'USPS' }, { shipping_company_name: 'DHL' }] },
    },
    '/app/v1/getAdvertisements': { body: { errorcode: 0, message: 'ok', ads: [{ content: '<i>Lockers</i> closed on Sunday' }] } },
    ...overrides,
  });
}

describe('My Messages', () => {
  it('shows the messages with sanitised bodies and the advertisement as text', async () => {
    signIn({ userId: 7 });
    const api = messagesApi();
    renderApp('/message');
    const table = await screen.findByRole('table', { name: 'My Messages' });
    expect(await within(table).findByText('TRACK-3')).toBeInTheDocument();
    expect(within(table).getByText('ready').tagName).toBe('B');
    expect(within(table).getByText('Picked up', { selector: 'span' })).toBeInTheDocument();
    expect(table.querySelector('script, img, [onerror]')).toBeNull();
    expect(within(table).getByText('details')).not.toHaveAttribute('href');
    expect((window as unknown as { hacked?: number }).hacked).toBeUndefined();
    expect(screen.getByText('<i>Lockers</i> closed on Sunday')).toBeInTheDocument();
    expect(api.calls('/app/v1/getUserMessage')[0]?.json).toMatchObject({ user_id: 7, start: 0, num: 10, is_pickup: '' });
  });

  it('draws nothing of the page until the banner and the first page are in, so a banner answered last does not push the list down (issue 24)', async () => {
    signIn({ userId: 7 });
    const api = messagesApi();
    const banner = holdAnswers(api, '/app/v1/getAdvertisements');
    // Whether the list was ever drawn without the banner above it (what the page would shift by).
    const listWithoutBanner = watchDrawnWithout('TRACK-3', 'closed on Sunday');
    renderApp('/message');
    const loading = await screen.findByRole('status', { name: 'Loading your messages' }, { timeout: 15_000 });
    await waitFor(() => expect(api.calls('/app/v1/getUserMessage')).toHaveLength(1));
    expect(loading).toBeInTheDocument();

    banner.release();
    const table = await screen.findByRole('table', { name: 'My Messages' }, { timeout: 15_000 });
    const row = await within(table).findByText('TRACK-3');
    const bannerText = screen.getByText('<i>Lockers</i> closed on Sunday');
    expect(bannerText.compareDocumentPosition(row) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(screen.queryByRole('status', { name: 'Loading your messages' })).toBeNull();
    listWithoutBanner.stop();
    expect(listWithoutBanner.seen()).toBe(false);
  });

  it('searches by carrier (the server list replaces the default one), status and dates', async () => {
    signIn({ userId: 7 });
    const api = messagesApi();
    const { user } = renderApp('/message');
    await screen.findByText('TRACK-3');
    await user.click(screen.getByRole('combobox', { name: 'Carrier' }));
    await user.click(await screen.findByRole('option', { name: 'DHL' }));
    await user.click(screen.getByRole('combobox', { name: 'Pickup Status' }));
    await user.click(await screen.findByRole('option', { name: 'Not picked up' }));
    await user.type(screen.getByLabelText('From'), '2026-11-01');
    await user.type(screen.getByLabelText('To'), '2026-11-20');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(api.calls('/app/v1/getUserMessage').at(-1)?.json).toMatchObject({
        carrier: 'DHL',
        is_pickup: '0',
        start_time: '2026-11-01',
        end_time: '2026-11-20',
        start: 0,
      }),
    );
  });

  it('keeps a long body to a few lines, with More and Less to read it whole', async () => {
    signIn();
    messagesApi();
    const { user } = renderApp('/message');
    const more = await screen.findByRole('button', { name: 'More of the message of TRACK-3' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    await user.click(more);
    const less = screen.getByRole('button', { name: 'Less of the message of TRACK-3' });
    expect(less).toHaveAttribute('aria-expanded', 'true');
    expect(document.getElementById(less.getAttribute('aria-controls') ?? '')).toHaveTextContent('Your parcel is ready.');
  });

  it('folds the filters behind a Filters button on a phone, which counts the filters in use', async () => {
    // A phone: every max-width query matches.
    stubPhoneViewport();
    signIn({ userId: 7 });
    const api = messagesApi();
    const { user } = renderApp('/message');
    await screen.findByText('TRACK-3');
    const filters = screen.getByRole('button', { name: 'Filters' });
    expect(filters).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('search', { name: 'Search messages' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Carrier' })).not.toBeInTheDocument();

    await user.click(filters);
    expect(filters).toHaveAttribute('aria-expanded', 'true');
    await user.click(within(screen.getByRole('search', { name: 'Search messages' })).getByRole('combobox', { name: 'Pickup Status' }));
    await user.click(await screen.findByRole('option', { name: 'Not picked up' }));
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(api.calls('/app/v1/getUserMessage').at(-1)?.json).toMatchObject({ is_pickup: '0' }));
    expect(screen.getByRole('button', { name: 'Filters (1)' })).toBeInTheDocument();
    vi.unstubAllGlobals();
  });

  it("says 'Please select at least one item you want to delete.' before a bulk delete with nothing selected", async () => {
    signIn();
    const api = messagesApi();
    const { user } = renderApp('/message');
    await screen.findByText('TRACK-3');
    const button = screen.getByRole('button', { name: 'Delete selected' });
    await user.click(button);
    // Said under the button, which it describes; no dialog. Selecting a message takes it away.
    expect(await screen.findByRole('alert')).toHaveTextContent(INBOX_MESSAGES.selectFirst);
    expect(button).toHaveAccessibleDescription(INBOX_MESSAGES.selectFirst);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(api.calls('/app/v1/deleteMessage')).toHaveLength(0);
    await user.click(screen.getAllByRole('checkbox')[1]!);
    expect(screen.queryByText(INBOX_MESSAGES.selectFirst)).not.toBeInTheDocument();
  });

  it('deletes the selected messages in one call, and a single one from its row', async () => {
    signIn();
    const api = messagesApi({ '/app/v1/deleteMessage': { body: { errorcode: 1, message: 'ok' } } });
    const { user } = renderApp('/message');
    await screen.findByText('TRACK-3');
    await user.click(screen.getByRole('checkbox', { name: 'Select every message on this page' }));
    await user.click(screen.getByRole('button', { name: 'Delete selected' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'CONFIRM' }));
    // The toast's polite live region (the page has another status: the banner).
    await waitFor(() => expect(screen.getByText(INBOX_MESSAGES.bulkDeleted).closest('[aria-live="polite"]')).toHaveAttribute('role', 'status'));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('/app/v1/deleteMessage')[0]?.fields.get('message_id')).toBe('3,5');

    await user.click(await screen.findByRole('button', { name: 'Delete the message of TRACK-5' }));
    // The toast's polite live region (the page has another status: the banner).
    await waitFor(() => expect(screen.getByText(INBOX_MESSAGES.deleted).closest('[aria-live="polite"]')).toHaveAttribute('role', 'status'));
    expect(api.calls('/app/v1/deleteMessage')[1]?.fields.get('message_id')).toBe('5');
  });

  it('deletes every picked-up message', async () => {
    signIn({ userId: 7 });
    const api = messagesApi({ '/app/v1/deleteAllMessage': { body: { errorcode: 1, message: 'ok' } } });
    const { user } = renderApp('/message');
    await screen.findByText('TRACK-3');
    await user.click(screen.getByRole('button', { name: 'Delete all picked up' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'CONFIRM' }));
    // The toast's polite live region (the page has another status: the banner).
    await waitFor(() => expect(screen.getByText(INBOX_MESSAGES.bulkDeleted).closest('[aria-live="polite"]')).toHaveAttribute('role', 'status'));
    expect(api.calls('/app/v1/deleteAllMessage')[0]?.fields.get('user_id')).toBe('7');
  });

  it("says 'You have no saved messages.' when there are none", async () => {
    signIn();
    messagesApi({ '/app/v1/getUserMessage': { body: { errorcode: 0, message: 'ok', total: 0, messages: [] } } });
    renderApp('/message');
    expect(await screen.findByText(INBOX_MESSAGES.empty)).toBeInTheDocument();
  });
});
