import { STORAGE_KEYS, THEME_COLORS, type ThemeColor } from '@airbox/contract';
import { createTheme, type PaletteOptions, type Theme, type ThemeOptions } from '@mui/material/styles';
import { getCookie, setCookie } from './cookies';

/**
 * The two themes (spec 01 §2). Primary colours are dark enough for white text and for text on
 * white (contrast above 4.5:1): orange #c2410c ≈ 5.2:1, blue #1d4ed8 ≈ 6.7:1. In the dark
 * appearance each theme keeps its hue, lighter, with dark text on it: orange #fb923c and blue
 * #60a5fa are ≥ 5.8:1 on the dark surfaces and ≥ 7:1 under #111827 text.
 */
const PALETTES: Record<ThemeColor, Record<ThemeAppearance, { main: string; dark: string; light: string; contrastText: string }>> = {
  orange: {
    light: { main: '#c2410c', dark: '#9a3412', light: '#f97316', contrastText: '#ffffff' },
    dark: { main: '#fb923c', dark: '#f97316', light: '#fdba74', contrastText: '#111827' },
  },
  blue: {
    light: { main: '#1d4ed8', dark: '#1e3a8a', light: '#3b82f6', contrastText: '#ffffff' },
    dark: { main: '#60a5fa', dark: '#3b82f6', light: '#93c5fd', contrastText: '#111827' },
  },
};

/**
 * Light or dark (issue 21 item 16), beside the theme's colour: 'system' follows the device's
 * setting (prefers-color-scheme), the default; 'light' and 'dark' hold whatever the device says.
 */
export const THEME_MODES = ['system', 'light', 'dark'] as const;
export type ThemeMode = (typeof THEME_MODES)[number];
export type ThemeAppearance = Exclude<ThemeMode, 'system'>;

export const THEME_MODE_NAMES: Record<ThemeMode, string> = { system: 'Auto (device setting)', light: 'Light', dark: 'Dark' };

/** The saved choice from the theme_mode cookie; 'system' when absent or unknown. */
export function readThemeMode(): ThemeMode {
  const saved = getCookie(STORAGE_KEYS.themeModeCookie);
  return THEME_MODES.find((mode) => mode === saved) ?? 'system';
}

export function saveThemeMode(mode: ThemeMode): void {
  setCookie(STORAGE_KEYS.themeModeCookie, mode, { path: '/', expires: 365, sameSite: 'lax' });
}

/** Everything but the theme's colour, per appearance. Dark: gray surfaces, text and states at ≥ 4.5:1 on them. */
const SURFACES: Record<ThemeAppearance, Pick<PaletteOptions, 'secondary' | 'background' | 'text' | 'error' | 'warning' | 'success' | 'info'>> = {
  light: {
    secondary: { main: '#334155', contrastText: '#ffffff' },
    background: { default: '#f4f5f7', paper: '#ffffff' },
    text: { primary: '#1f2937', secondary: '#4b5563' },
    // Darker than MUI's defaults so white text and text on white both pass contrast checks.
    error: { main: '#b91c1c' },
    warning: { main: '#b45309' },
    success: { main: '#15803d' },
    info: { main: '#0369a1' },
  },
  dark: {
    secondary: { main: '#cbd5e1', contrastText: '#111827' },
    background: { default: '#111827', paper: '#1f2937' },
    text: { primary: '#f3f4f6', secondary: '#9ca3af' },
    // Lighter than MUI's dark defaults so they read on the gray surfaces, with dark text on them.
    error: { main: '#f87171', contrastText: '#111827' },
    warning: { main: '#fbbf24', contrastText: '#111827' },
    success: { main: '#4ade80', contrastText: '#111827' },
    info: { main: '#38bdf8', contrastText: '#111827' },
  },
};

export function themeName(color: ThemeColor, brand: string): string {
  return `${brand} ${color === 'orange' ? 'Orange' : 'Blue'}`;
}

/** The saved choice from the theme_button_color cookie; orange when absent or unknown. */
export function readThemeColor(): ThemeColor {
  const saved = getCookie(STORAGE_KEYS.themeCookie);
  return THEME_COLORS.find((color) => color === saved) ?? 'orange';
}

export function saveThemeColor(color: ThemeColor): void {
  setCookie(STORAGE_KEYS.themeCookie, color, { path: '/', expires: 365, sameSite: 'lax' });
}

/**
 * The keyboard focus ring of every control (WCAG 2.2 focus appearance): a 2px solid outline set
 * 2px off the control, so it shows on any fill. The primary colour is ≥ 4.5:1 on the page and on
 * its cards in both themes and both appearances; the sidebar, dark in both, uses FOCUS_RING_ON_DARK. Text
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

/**
 * What a device asking for less motion (prefers-reduced-motion: reduce) is given: nothing slides,
 * fades, grows or ripples, dialogs and menus appear and go at once, and placeholders hold still
 * (WCAG 2.3.3; MUI's own advice for it). Progress spinners still turn: they say work goes on.
 */
const WITHOUT_MOTION: ThemeOptions = {
  transitions: {
    create: () => 'none',
    getAutoHeightDuration: () => 0,
    duration: { shortest: 0, shorter: 0, short: 0, standard: 0, complex: 0, enteringScreen: 0, leavingScreen: 0 },
  },
  components: {
    MuiButtonBase: { defaultProps: { disableRipple: true } },
    MuiSkeleton: { defaultProps: { animation: false } },
  },
};

export function createAppTheme(color: ThemeColor, appearance: ThemeAppearance = 'light', reducedMotion = false): Theme {
  const palette = PALETTES[color][appearance];
  const theme: ThemeOptions = {
    palette: {
      mode: appearance,
      primary: palette,
      ...SURFACES[appearance],
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
      // No lightening overlay on raised surfaces in the dark: a card is the paper colour, as measured.
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      // A menu over a card of its own colour keeps an edge in the dark, where its shadow does not show.
      MuiPopover: { styleOverrides: { paper: appearance === 'dark' ? { border: '1px solid rgba(255, 255, 255, 0.16)' } : {} } },
      // A dialog leaves MUI's modal manager as it starts to fade, not once faded: a dialog opening
      // while another fades (an alert after a form's CONFIRM or a question's answer) could
      // otherwise be left aria-hidden, or leave the page aria-hidden after it closed.
      MuiDialog: { defaultProps: { closeAfterTransition: false } },
      MuiLink: { defaultProps: { underline: 'hover' } },
      ...(reducedMotion ? WITHOUT_MOTION.components : {}),
    },
  };
  return createTheme(reducedMotion ? { ...theme, transitions: WITHOUT_MOTION.transitions } : theme);
}

