import { NOTIFICATION_AUTO_CLOSE_MS } from '@airbox/contract';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useToast } from './toast-context';
import { TOAST_MS_PER_CHARACTER, toastDuration } from './toast-duration';
import { ToastProvider } from './toast-provider';

function Trigger({ text }: { text: string }) {
  const toast = useToast();
  return (
    <button type="button" onClick={() => toast.show(text)}>
      save
    </button>
  );
}

function renderToast(text = 'Add success') {
  render(
    <ToastProvider>
      <Trigger text={text} />
    </ToastProvider>,
  );
  return screen.getByRole('status');
}

describe('ToastProvider', () => {
  afterEach(() => vi.useRealTimers());

  it('announces the text politely in a region that was there before it, with no dialog', async () => {
    const region = renderToast();
    expect(region).toHaveAttribute('aria-live', 'polite');
    expect(region).toHaveTextContent('');
    await userEvent.click(screen.getByRole('button', { name: 'save' }));
    expect(screen.getByRole('status')).toBe(region);
    expect(region).toHaveTextContent('Add success');
    // The close button is beside the region, so its name is not read with the text.
    expect(region).not.toHaveTextContent('Close');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('closes by itself after NOTIFICATION_AUTO_CLOSE_MS', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const region = renderToast();
    act(() => screen.getByRole('button', { name: 'save' }).click());
    expect(region).toHaveTextContent('Add success');
    act(() => vi.advanceTimersByTime(NOTIFICATION_AUTO_CLOSE_MS - 500));
    expect(region).toHaveTextContent('Add success');
    act(() => vi.advanceTimersByTime(500));
    expect(region).toHaveTextContent('');
  });

  it('stays the spec time for a short text and longer for one too long to read in it, at one pace', () => {
    expect(toastDuration('Add success')).toBe(NOTIFICATION_AUTO_CLOSE_MS);
    const fitsSpecTime = 'x'.repeat(NOTIFICATION_AUTO_CLOSE_MS / TOAST_MS_PER_CHARACTER);
    expect(toastDuration(fitsSpecTime)).toBe(NOTIFICATION_AUTO_CLOSE_MS);
    expect(toastDuration(`${fitsSpecTime}x`)).toBe(NOTIFICATION_AUTO_CLOSE_MS + TOAST_MS_PER_CHARACTER);
    expect(toastDuration('x'.repeat(300))).toBe(300 * TOAST_MS_PER_CHARACTER);
  });

  it('keeps a long text up until it can be read, then closes by itself', () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const long = `Check your email\n${'A long notice that takes a while to read. '.repeat(5)}`;
    const region = renderToast(long);
    act(() => screen.getByRole('button', { name: 'save' }).click());
    act(() => vi.advanceTimersByTime(NOTIFICATION_AUTO_CLOSE_MS));
    expect(region).toHaveTextContent('Check your email');
    act(() => vi.advanceTimersByTime(toastDuration(long) - NOTIFICATION_AUTO_CLOSE_MS - 500));
    expect(region).toHaveTextContent('Check your email');
    act(() => vi.advanceTimersByTime(500));
    expect(region).toHaveTextContent('');
  });

  it('closes with its close button and stays while the pointer is on it', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const user = userEvent.setup({ advanceTimers: vi.advanceTimersByTime.bind(vi) });
    const region = renderToast('Cancel deletion');
    await user.click(screen.getByRole('button', { name: 'save' }));
    await user.hover(screen.getByText('Cancel deletion'));
    act(() => vi.advanceTimersByTime(NOTIFICATION_AUTO_CLOSE_MS * 2));
    expect(region).toHaveTextContent('Cancel deletion');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(region).toHaveTextContent('');
    expect(screen.queryByRole('button', { name: 'Close' })).not.toBeInTheDocument();
  });
});
