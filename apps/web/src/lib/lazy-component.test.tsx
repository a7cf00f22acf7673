import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type ComponentType, useState } from 'react';
import { describe, expect, it } from 'vitest';
import { CANNOT_OPEN, lazyComponent, useLazyComponent } from './lazy-component';

/** A dialog's code that arrives when the test says so (a slow network), or fails to. */
function slowDialog() {
  type Props = { open: boolean; onClose: () => void };
  const LoadedDialog: ComponentType<Props> = ({ open, onClose }) => (
    <Dialog open={open} onClose={onClose} aria-labelledby="lazy-title">
      <DialogTitle id="lazy-title">Lazy dialog</DialogTitle>
      <Button onClick={onClose}>Close</Button>
    </Dialog>
  );
  const arrivals: { resolve: (component: ComponentType<Props>) => void; reject: (error: Error) => void }[] = [];
  const lazy = lazyComponent<Props>(() => new Promise((resolve, reject) => arrivals.push({ resolve, reject })));
  return { lazy, arrive: () => arrivals.shift()?.resolve(LoadedDialog), fail: () => arrivals.shift()?.reject(new Error('offline')), fetches: () => arrivals.length };
}

function Opener({ lazy }: { lazy: ReturnType<typeof slowDialog>['lazy'] }) {
  const [open, setOpen] = useState(false);
  const dialog = useLazyComponent(lazy);
  const LoadedDialog = dialog.Component;
  return (
    <>
      <Button aria-busy={dialog.loading} onFocus={dialog.preload} onClick={() => dialog.open(() => setOpen(true))}>
        Open it
      </Button>
      {dialog.failed && <p role="alert">{CANNOT_OPEN('It')}</p>}
      {LoadedDialog && <LoadedDialog open={open} onClose={() => setOpen(false)} />}
    </>
  );
}

describe('a dialog whose code is fetched on first use (issue 24)', () => {
  it('opens by keyboard once its code arrives, the button busy meanwhile, and gives the focus back on close', async () => {
    const user = userEvent.setup();
    const slow = slowDialog();
    render(<Opener lazy={slow.lazy} />);
    await user.tab();
    const button = screen.getByRole('button', { name: 'Open it' });
    expect(button).toHaveFocus();
    // Focus started the fetch; Enter waits for it rather than fetching again.
    expect(slow.fetches()).toBe(1);
    await user.keyboard('{Enter}');
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(slow.fetches()).toBe(1);
    slow.arrive();
    const dialog = await screen.findByRole('dialog', { name: 'Lazy dialog' });
    expect(dialog).toContainElement(document.activeElement as HTMLElement);
    expect(button).toHaveAttribute('aria-busy', 'false');
    await user.keyboard('{Escape}');
    await expect.poll(() => screen.queryByRole('dialog')).toBeNull();
    expect(button).toHaveFocus();
    // Its code is here now: the next Enter opens it at once.
    await user.keyboard('{Enter}');
    expect(await screen.findByRole('dialog', { name: 'Lazy dialog' })).toBeInTheDocument();
  });

  it('says so when its code cannot be fetched, and fetches it again on the next try', async () => {
    const user = userEvent.setup();
    const slow = slowDialog();
    render(<Opener lazy={slow.lazy} />);
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    slow.fail();
    expect(await screen.findByRole('alert')).toHaveTextContent('It could not be opened. Check your connection and try again.');
    expect(screen.getByRole('button', { name: 'Open it' })).toHaveAttribute('aria-busy', 'false');
    await user.click(screen.getByRole('button', { name: 'Open it' }));
    expect(slow.fetches()).toBe(1);
    slow.arrive();
    expect(await screen.findByRole('dialog', { name: 'Lazy dialog' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});
