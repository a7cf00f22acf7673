import type { ThemeColor } from '@airbox/contract';
import CssBaseline from '@mui/material/CssBaseline';
// The system provider: material's own also carries the CSS-variables machinery, unused here.
import { ThemeProvider } from '@mui/system';
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { createAppTheme, readThemeColor, saveThemeColor } from '../lib/theme';

interface ThemeColorApi {
  color: ThemeColor;
  setColor: (color: ThemeColor) => void;
}

const ThemeColorContext = createContext<ThemeColorApi | null>(null);

/** Applies the theme saved in the theme_button_color cookie from the first render, so it never flashes. */
export function AppThemeProvider({ children }: { children: ReactNode }) {
  const [color, setColorState] = useState<ThemeColor>(readThemeColor);
  const theme = useMemo(() => createAppTheme(color), [color]);
  const setColor = useCallback((next: ThemeColor) => {
    saveThemeColor(next);
    setColorState(next);
  }, []);
  const api = useMemo(() => ({ color, setColor }), [color, setColor]);
  return (
    <ThemeColorContext value={api}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
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
