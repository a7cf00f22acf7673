import { STORAGE_KEYS, THEME_COLORS, type ThemeColor } from '@airbox/contract';
import { createTheme, type Theme } from '@mui/material/styles';
import Cookies from 'js-cookie';

/**
 * The two themes (spec 01 §2). Primary colours are dark enough for white text and for text on
 * white (contrast above 4.5:1): orange #c2410c ≈ 5.2:1, blue #1d4ed8 ≈ 6.7:1.
 */
const PALETTES: Record<ThemeColor, { main: string; dark: string; accent: string }> = {
  orange: { main: '#c2410c', dark: '#9a3412', accent: '#f97316' },
  blue: { main: '#1d4ed8', dark: '#1e3a8a', accent: '#3b82f6' },
};

export function themeName(color: ThemeColor, brand: string): string {
  return `${brand} ${color === 'orange' ? 'Orange' : 'Blue'}`;
}

/** The saved choice from the theme_button_color cookie; orange when absent or unknown. */
export function readThemeColor(): ThemeColor {
  const saved = Cookies.get(STORAGE_KEYS.themeCookie);
  return THEME_COLORS.find((color) => color === saved) ?? 'orange';
}

export function saveThemeColor(color: ThemeColor): void {
  Cookies.set(STORAGE_KEYS.themeCookie, color, { path: '/', expires: 365, sameSite: 'lax' });
}

/**
 * The keyboard focus ring of every control (WCAG 2.2 focus appearance): a 2px solid outline set
 * 2px off the control, so it shows on any fill. The primary colour is ≥ 4.5:1 on the page and on
 * white in both themes; dark surfaces (the sidebar, the toast) use FOCUS_RING_ON_DARK. Text
 * fields keep MUI's own focused border (2px, primary) and get no second ring.
 */
export const FOCUS_RING_ON_DARK = '#ffffff';

export function focusRing(color: string) {
  return {
    outline: `2px solid ${color}`,
    outlineOffset: 2,
    '&.MuiInputBase-input, &.MuiInputBase-input:focus-visible': { outline: 'none' },
  };
}

export function createAppTheme(color: ThemeColor): Theme {
  const palette = PALETTES[color];
  return createTheme({
    palette: {
      primary: { main: palette.main, dark: palette.dark, light: palette.accent, contrastText: '#ffffff' },
      secondary: { main: '#334155', contrastText: '#ffffff' },
      background: { default: '#f4f5f7', paper: '#ffffff' },
      text: { primary: '#1f2937', secondary: '#4b5563' },
      // Darker than MUI's defaults so white text and text on white both pass contrast checks.
      error: { main: '#b91c1c' },
      warning: { main: '#b45309' },
      success: { main: '#15803d' },
      info: { main: '#0369a1' },
    },
    shape: { borderRadius: 10 },
    typography: {
      // The CJK families after the Latin ones draw the spec's full-width '！' ('Send Email
      // Successfully！') where the Latin fonts lack it, instead of an empty box.
      fontFamily:
        '"Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC", "Hiragino Sans", "Microsoft YaHei", "Yu Gothic", "Noto Sans CJK SC", "Noto Sans CJK JP", "Source Han Sans", sans-serif',
      h1: { fontSize: '1.75rem', fontWeight: 600 },
      h2: { fontSize: '1.25rem', fontWeight: 600 },
      button: { fontWeight: 600 },
    },
    components: {
      MuiCssBaseline: { styleOverrides: { 'body :focus-visible, body .Mui-focusVisible': focusRing(palette.main) } },
      MuiButton: { defaultProps: { disableElevation: true } },
      // A dialog leaves MUI's modal manager as it starts to fade, not once faded: a dialog opening
      // while another fades (an alert after a form's CONFIRM or a question's answer) could
      // otherwise be left aria-hidden, or leave the page aria-hidden after it closed.
      MuiDialog: { defaultProps: { closeAfterTransition: false } },
      MuiLink: { defaultProps: { underline: 'hover' } },
    },
  });
}

