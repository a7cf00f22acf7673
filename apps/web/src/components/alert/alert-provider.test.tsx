import { NOTIFICATION_AUTO_CLOSE_MS } from '@airbox/contract';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAlert, type AlertOptions } from './alert-context';
import { AlertProvider } from './alert-provider';

function Trigger({ options, onResult }: { options: AlertOptions; onResult: (confirmed: boolean) => void }) {
  const alert = useAlert();
  return (
    <button type="button" onClick={() => void alert.show(options).then(onResult)}>
      open
    </button>
  );
}

/** Lets the promise callbacks of a settled alert run. */
const settle = () => act(async () => undefined);

async function open(options: AlertOptions) {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  const onResult = vi.fn();
  render(
    <AlertProvider>
      <Trigger options={options} onResult={onResult} />
    </AlertProvider>,
  );
  act(() => screen.getByRole('button', { name: 'open' }).click());
  await screen.findByText(options.text);
  return onResult;
}

describe('AlertProvider', () => {
  afterEach(() => vi.useRealTimers());

  it('closes a notice by itself after NOTIFICATION_AUTO_CLOSE_MS', async () => {
    const onResult = await open({ icon: 'success', text: 'Saved.' });
    act(() => vi.advanceTimersByTime(NOTIFICATION_AUTO_CLOSE_MS - 1000));
    await settle();
    expect(onResult).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1000));
    await settle();
    expect(onResult).toHaveBeenCalledWith(false);
  });

  it('keeps a question open until it is answered', async () => {
    const onResult = await open({ icon: 'question', text: 'Sure?', confirmText: 'Yes', cancelText: 'No' });
    act(() => vi.advanceTimersByTime(NOTIFICATION_AUTO_CLOSE_MS * 2));
    await settle();
    expect(onResult).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: 'Yes' }).click());
    await settle();
    expect(onResult).toHaveBeenCalledWith(true);
  });
});
