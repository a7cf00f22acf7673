import { STORAGE_KEYS } from '@airbox/contract';
import { useTheme } from '@mui/material/styles';
import { act, render, screen } from '@testing-library/react';
import Cookies from 'js-cookie';
import { describe, expect, it } from 'vitest';
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
});
