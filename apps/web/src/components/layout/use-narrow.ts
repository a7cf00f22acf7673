import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';

/**
 * True on a phone: narrower than the theme's `sm` breakpoint (600px). Lists show cards instead of
 * tables there, and large form dialogs fill the screen.
 */
export function useNarrow(): boolean {
  return useMediaQuery(useTheme().breakpoints.down('sm'), { noSsr: true });
}
