import { NOTIFICATION_AUTO_CLOSE_MS } from '@airbox/contract';
import { ThemeProvider } from '@mui/system';
import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAlert, type AlertOptions } from './alert-context';
import { AlertProvider } from './alert-provider';
import { createAppTheme } from '../../lib/theme';

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

  it('retry asks TRY AGAIN or CLOSE, an error that waits for its answer', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const answers: boolean[] = [];
    function Pay() {
      const alert = useAlert();
      return (
        <button type="button" onClick={() => void alert.retry({ title: 'Oops...', text: 'The payment did not start.' }).then((again) => answers.push(again))}>
          pay
        </button>
      );
    }
    render(
      <AlertProvider>
        <Pay />
      </AlertProvider>,
    );
    for (const [button, expected] of [['TRY AGAIN', true], ['CLOSE', false]] as const) {
      // The page is back to the customer once the last dialog has faded out (slower on a busy machine).
      const pay = await screen.findByRole('button', { name: 'pay' });
      act(() => pay.click());
      const dialog = await screen.findByRole('alertdialog', { name: 'Oops...' });
      expect(dialog).toHaveAccessibleDescription('The payment did not start.');
      act(() => vi.advanceTimersByTime(NOTIFICATION_AUTO_CLOSE_MS * 2));
      await settle();
      expect(answers).toHaveLength(expected ? 0 : 1);
      act(() => screen.getByRole('button', { name: button }).click());
      await settle();
      expect(answers.at(-1)).toBe(expected);
    }
  });

  it('gives the page back to assistive technology after a question and the notice that follows it, however their fades overlap', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    // A refund as on Purchased Labels: a question, then a call of `gap` ms, then a notice.
    function Page({ gap }: { gap: number }) {
      const alert = useAlert();
      const refund = async () => {
        if (!(await alert.show({ icon: 'question', text: 'Refund?', confirmText: 'CONFIRM', cancelText: 'CANCEL' }))) return;
        await new Promise((resolve) => setTimeout(resolve, gap));
        void alert.show({ icon: 'success', text: 'Refund requested.' });
      };
      return (
        <main>
          <button type="button" onClick={() => void refund()}>
            REFUND
          </button>
        </main>
      );
    }
    const page = (gap: number) => (
      <ThemeProvider theme={createAppTheme('orange')}>
        <AlertProvider>
          <Page gap={gap} />
        </AlertProvider>
      </ThemeProvider>
    );
    const { rerender } = render(page(0));
    const hiddenAfter: number[] = [];
    // Before, during and after the question's fade (195 ms).
    for (const gap of [0, 100, 150, 195, 200, 225, 250, 400]) {
      rerender(page(gap));
      act(() => screen.getByRole('button', { name: 'REFUND' }).click());
      const confirm = await screen.findByRole('button', { name: 'CONFIRM' });
      act(() => confirm.click());
      await act(async () => {
        await vi.advanceTimersByTimeAsync(gap);
      });
      const ok = await screen.findByRole('button', { name: 'OK' });
      act(() => ok.click());
      await act(async () => {
        await vi.advanceTimersByTimeAsync(1000);
      });
      expect(screen.queryByRole('dialog')).toBeNull();
      if (!screen.queryByRole('main')) hiddenAfter.push(gap);
    }
    // The page is found by its role again after each pair: not left aria-hidden.
    expect(hiddenAfter).toEqual([]);
  });
});
