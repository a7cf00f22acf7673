import type { Breakpoint } from '@mui/material/styles';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * True on a phone: narrower than the theme's `sm` breakpoint (600px). Lists show cards instead of
 * tables there, and large form dialogs fill the screen. A list of many columns may switch to
 * cards below a wider breakpoint (`md`, 900px).
 */
export function useNarrow(below: Breakpoint = 'sm'): boolean {
  return useMediaQuery(useTheme().breakpoints.down(below), { noSsr: true });
}
