import { QR_RESET_COOLDOWN_MS, STORAGE_KEYS } from '@airbox/contract';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp, signIn } from '../../../testing/test-utils';
import { QR_RESET_CONFIRM } from './user-qr-code';

function qrApi(nextResetAt: string | null = null) {
  let code = 'QR-ONE';
  return mockApi({
    '/app/v1/getUserQRcode': (request) => {
      if (request.fields.get('update') === '1') code = 'QR-TWO';
      return { body: { errorcode: 0, message: 'ok', qrcode: code, boxid: '2135846', next_reset_at: nextResetAt } };
    },
  });
}

const resetButton = () => screen.findByRole('button', { name: 'Reset' });

describe('QR code', () => {
  it('shows the AirBox ID and a 300×300 code, and locks Reset for 5 minutes after use', async () => {
    signIn({ userId: 7 });
    const api = qrApi();
    const { user } = renderApp('/parent/QRcode');
    expect(await screen.findByText('2135846')).toBeInTheDocument();
    const code = await screen.findByRole('img', { name: 'QR code of AirBox ID 2135846' });
    expect(code).toHaveAttribute('width', '300');
    expect(code).toHaveAttribute('height', '300');

    const before = Date.now();
    await user.click(await resetButton());
    const question = await screen.findByRole('alertdialog');
    expect(question).toHaveTextContent(QR_RESET_CONFIRM.title);
    expect(question).toHaveTextContent(
      'Your current QR code stops working at once: the locker will only open with the new one. After a reset, Reset is locked for 5 minutes.',
    );
    await user.click(within(question).getByRole('button', { name: 'RESET' }));
    await waitFor(() => expect(api.calls('/app/v1/getUserQRcode').some((call) => call.fields.get('update') === '1')).toBe(true));
    await waitFor(async () => expect(await resetButton()).toBeDisabled());
    expect(screen.getByText(/You can reset the code again in [45]:\d\d/)).toBeInTheDocument();

    const stored = JSON.parse(localStorage.getItem(STORAGE_KEYS.qrCodeLock) ?? '{}') as Record<string, number>;
    expect(stored['7']).toBeGreaterThanOrEqual(before + QR_RESET_COOLDOWN_MS);
  });

  it('asks before a reset, and a cancel keeps the code and leaves Reset free', async () => {
    signIn({ userId: 7 });
    const api = qrApi();
    const { user } = renderApp('/parent/QRcode');
    await screen.findByRole('img', { name: 'QR code of AirBox ID 2135846' });
    await user.click(await resetButton());
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'CANCEL' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.calls('/app/v1/getUserQRcode').some((call) => call.fields.get('update') === '1')).toBe(false);
    expect(await resetButton()).toBeEnabled();
    expect(localStorage.getItem(STORAGE_KEYS.qrCodeLock)).toBeNull();
  });

  it('stays locked after leaving the page and coming back (a remount), for the same user only', async () => {
    const unlockAt = Date.now() + 3 * 60_000;
    localStorage.setItem(STORAGE_KEYS.qrCodeLock, JSON.stringify({ 7: unlockAt, 8: Date.now() - 1000 }));

    signIn({ userId: 7 });
    qrApi();
    const first = renderApp('/parent/QRcode');
    await waitFor(async () => expect(await resetButton()).toBeDisabled());
    expect(screen.getByText(/again in [23]:\d\d/)).toBeInTheDocument();
    first.unmount();

    const second = renderApp('/parent/QRcode');
    await waitFor(async () => expect(await resetButton()).toBeDisabled());
    second.unmount();

    signIn({ userId: 8 });
    qrApi();
    renderApp('/parent/QRcode');
    await screen.findByRole('img', { name: /QR code/ });
    expect(await resetButton()).toBeEnabled();
  });

  it("respects the server's next_reset_at (a reset made on another device)", async () => {
    signIn({ userId: 7 });
    qrApi(new Date(Date.now() + 2 * 60_000).toISOString());
    renderApp('/parent/QRcode');
    await waitFor(async () => expect(await resetButton()).toBeDisabled());
    expect(screen.getByText(/again in [12]:\d\d/)).toBeInTheDocument();
  });

  it("shows the server's message when the code cannot be read", async () => {
    signIn({ userId: 7 });
    mockApi({
      '/app/v1/getUserQRcode': { body: { errorcode: -2, message: 'Your PIN is not set.', qrcode: '', boxid: '', next_reset_at: null } },
    });
    renderApp('/parent/QRcode');
    expect(await screen.findByRole('dialog')).toHaveTextContent('Your PIN is not set.');
  });
});
