import type { ThemeColor } from '@airbox/contract';
import CssBaseline from '@mui/material/CssBaseline';
// The system provider: material's own also carries the CSS-variables machinery, unused here.
import { ThemeProvider } from '@mui/system';
import { createContext, useCallback, useContext, useMemo, useState, useSyncExternalStore, type ReactNode } from 'react';
import { createAppTheme, readThemeColor, readThemeMode, saveThemeColor, saveThemeMode, type ThemeMode } from '../lib/theme';

interface ThemeColorApi {
  color: ThemeColor;
  setColor: (color: ThemeColor) => void;
  mode: ThemeMode;
  setMode: (mode: ThemeMode) => void;
}

const ThemeColorContext = createContext<ThemeColorApi | null>(null);

const DARK_DEVICE = '(prefers-color-scheme: dark)';
const LESS_MOTION_DEVICE = '(prefers-reduced-motion: reduce)';

/** Whether the device matches a media query (false where it cannot say), following a change. Smaller than MUI's useMediaQuery on the login route. */
function useDeviceMatches(mediaQuery: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const query = window.matchMedia?.(mediaQuery);
      query?.addEventListener('change', onChange);
      return () => query?.removeEventListener('change', onChange);
    },
    () => window.matchMedia?.(mediaQuery).matches ?? false,
  );
}

/**
 * Applies the theme saved in the theme_button_color cookie from the first render, so it never
 * flashes, light or dark as the theme_mode cookie says ('system', the default: as the device
 * says, following it when it changes), and without motion when the device asks for less.
 */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [color, setColorState] = useState<ThemeColor>(readThemeColor);
  const [mode, setModeState] = useState<ThemeMode>(readThemeMode);
  const deviceDark = useDeviceMatches(DARK_DEVICE);
  const reducedMotion = useDeviceMatches(LESS_MOTION_DEVICE);
  const appearance = mode === 'system' ? (deviceDark ? 'dark' : 'light') : mode;
  const theme = useMemo(() => createAppTheme(color, appearance, reducedMotion), [color, appearance, reducedMotion]);
  const setColor = useCallback((next: ThemeColor) => {
    saveThemeColor(next);
    setColorState(next);
  }, []);
  const setMode = useCallback((next: ThemeMode) => {
    saveThemeMode(next);
    setModeState(next);
  }, []);
  const api = useMemo(() => ({ color, setColor, mode, setMode }), [color, setColor, mode, setMode]);
  return (
    <ThemeColorContext value={api}>
      <ThemeProvider theme={theme}>
        {/* color-scheme on the page: the browser's own parts (scroll bars, date pickers) match. */}
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeColorContext>
  );
}

export function useThemeColor(): ThemeColorApi {
  const api = useContext(ThemeColorContext);
  if (!api) throw new Error('useThemeColor must be used inside AppThemeProvider');
  return api;
}
