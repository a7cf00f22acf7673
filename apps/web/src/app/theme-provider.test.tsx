import { STORAGE_KEYS } from '@airbox/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import { useTheme } from '@mui/material/styles';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import Cookies from 'js-cookie';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ThemeMode } from '../lib/theme';
import { stubMatchMedia } from '../testing/viewport';
import { AppThemeProvider, useThemeColor } from './theme-provider';

function Probe() {
  const theme = useTheme();
  const { setColor } = useThemeColor();
  return (
    <button type="button" onClick={() => setColor('blue')}>
      {theme.palette.primary.main}
    </button>
  );
}

/** The appearance in use, and a button that chooses `next`. */
function ModeProbe({ next }: { next: ThemeMode }) {
  const theme = useTheme();
  const { setMode } = useThemeColor();
  return (
    <button type="button" onClick={() => setMode(next)}>
      {`${theme.palette.mode} ${theme.palette.primary.main} ${theme.palette.background.default}`}
    </button>
  );
}

/** A button that opens a dialog, as the app's screens have. */
function OpensDialog() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>Open</Button>
      <Dialog open={open}>
        <DialogTitle>Opened</DialogTitle>
      </Dialog>
    </>
  );
}

/** Presses the button as a mouse does, and answers how the dialog came in and whether the button rippled. */
function openDialog(container: HTMLElement) {
  const button = screen.getByRole('button', { name: 'Open' });
  fireEvent.mouseDown(button);
  fireEvent.mouseUp(button);
  fireEvent.click(button);
  // The dialog's container is the element MUI fades in (its parent's inline transition).
  return { transition: screen.getByRole('dialog').parentElement!.style.transition, rippled: container.querySelector('.MuiTouchRipple-root') !== null };
}

/** The device's setting as prefers-color-scheme answers it. */
const deviceIs = (appearance: 'light' | 'dark') => stubMatchMedia((query) => query.includes(`prefers-color-scheme: ${appearance}`));

describe('theme', () => {
  it('is orange by default', () => {
    render(<AppThemeProvider><Probe /></AppThemeProvider>);
    expect(screen.getByRole('button')).toHaveTextContent('#c2410c');
  });

  it('applies the theme_button_color cookie from the first render', () => {
    Cookies.set(STORAGE_KEYS.themeCookie, 'blue', { path: '/' });
    render(<AppThemeProvider><Probe /></AppThemeProvider>);
    expect(screen.getByRole('button')).toHaveTextContent('#1d4ed8');
  });

  it('ignores an unknown value', () => {
    Cookies.set(STORAGE_KEYS.themeCookie, 'purple', { path: '/' });
    render(<AppThemeProvider><Probe /></AppThemeProvider>);
    expect(screen.getByRole('button')).toHaveTextContent('#c2410c');
  });

  it('stores a new choice in the cookie', () => {
    render(<AppThemeProvider><Probe /></AppThemeProvider>);
    act(() => screen.getByRole('button').click());
    expect(screen.getByRole('button')).toHaveTextContent('#1d4ed8');
    expect(Cookies.get(STORAGE_KEYS.themeCookie)).toBe('blue');
  });

  describe('light or dark', () => {
    afterEach(() => {
      vi.unstubAllGlobals();
      Cookies.remove(STORAGE_KEYS.themeModeCookie, { path: '/' });
    });

    it("follows the device's setting by default, each theme keeping its hue", () => {
      deviceIs('dark');
      render(<AppThemeProvider><ModeProbe next="light" /></AppThemeProvider>);
      expect(screen.getByRole('button')).toHaveTextContent('dark #fb923c #111827');
    });

    it('is light on a light device', () => {
      deviceIs('light');
      render(<AppThemeProvider><ModeProbe next="dark" /></AppThemeProvider>);
      expect(screen.getByRole('button')).toHaveTextContent('light #c2410c #f4f5f7');
    });

    it('keeps a choice in the theme_mode cookie, whatever the device says, beside the blue theme', () => {
      deviceIs('light');
      Cookies.set(STORAGE_KEYS.themeCookie, 'blue', { path: '/' });
      render(<AppThemeProvider><ModeProbe next="dark" /></AppThemeProvider>);
      act(() => screen.getByRole('button').click());
      expect(screen.getByRole('button')).toHaveTextContent('dark #60a5fa #111827');
      expect(Cookies.get(STORAGE_KEYS.themeModeCookie)).toBe('dark');
      expect(Cookies.get(STORAGE_KEYS.themeCookie)).toBe('blue');
    });

    it('reads a saved choice from the first render, and ignores an unknown one', async () => {
      deviceIs('dark');
      Cookies.set(STORAGE_KEYS.themeModeCookie, 'light', { path: '/' });
      const { unmount } = render(<AppThemeProvider><ModeProbe next="system" /></AppThemeProvider>);
      expect(screen.getByRole('button')).toHaveTextContent('light #c2410c');
      unmount();
      Cookies.set(STORAGE_KEYS.themeModeCookie, 'sepia', { path: '/' });
      // Written by another hand (as another tab would): the app reads the cookies afresh a task later.
      await new Promise((next) => setTimeout(next));
      render(<AppThemeProvider><ModeProbe next="system" /></AppThemeProvider>);
      expect(screen.getByRole('button')).toHaveTextContent('dark #fb923c');
    });
  });

  describe('motion', () => {
    afterEach(() => vi.unstubAllGlobals());

    it('fades a dialog in and ripples the button pressed, on a device that does not ask for less motion', () => {
      stubMatchMedia(() => false);
      const { container } = render(<AppThemeProvider><OpensDialog /></AppThemeProvider>);
      const seen = openDialog(container);
      expect(seen.transition).toMatch(/^opacity 225ms/);
      expect(seen.rippled).toBe(true);
    });

    it('shows a dialog at once, without a ripple, on a device that asks for less motion (prefers-reduced-motion)', () => {
      stubMatchMedia((query) => query.includes('prefers-reduced-motion: reduce'));
      const { container } = render(<AppThemeProvider><OpensDialog /></AppThemeProvider>);
      const seen = openDialog(container);
      expect(seen.transition).toBe('none');
      expect(seen.rippled).toBe(false);
    });
  });
});
