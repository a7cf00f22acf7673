import { NARROW_LAYOUT_MAX_WIDTH } from '@airbox/contract';
import Box from '@mui/material/Box';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState } from 'react';
import { Outlet } from 'react-router';
import { useAlert } from '../../components/alert/alert-context';
import { env } from '../../config/env';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { useLocalFlag } from '../../lib/local-state';
import { CANNOT_OPEN, lazyComponent, useLazyComponent } from '../../lib/lazy-component';
import { readSession } from '../../lib/session';
import { useRouteHandle } from '../route-handle';
import { Navigation } from './signed-in/navigation';
import { PageFooter } from './signed-in/page-footer';
import { TopBar } from './signed-in/top-bar';

/** The settings panel's code, fetched on the first pointer over, focus on or click of Settings (issue 24). */
const settingsPanel = lazyComponent(() => import('./signed-in/settings-panel').then((module) => module.SettingsPanel));

/** Local storage key of the Sidebar Mini choice, remembered across reloads. */
export const SIDEBAR_MINI_KEY = 'sidebar_mini';

/**
 * The main layout of every signed-in screen (spec 01 §2): the sidebar, the top bar with the page
 * title and the Settings button, the screen, the footer and the settings panel. Settings sits in the
 * top bar rather than floating in a corner, where it covered controls on phones (issue 11). Each screen's route has its own error
 * boundary (router.tsx), so a screen that fails leaves all of this in place.
 */
export function SignedInLayout() {
  const session = readSession();
  const wide = useMediaQuery(`(min-width:${NARROW_LAYOUT_MAX_WIDTH}px)`, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [mini, setMini] = useLocalFlag(SIDEBAR_MINI_KEY, false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const settings = useLazyComponent(settingsPanel);
  const alert = useAlert();
  const SettingsPanel = settings.Component;
  const logout = useLogout();
  const { title = '' } = useRouteHandle();

  useEffect(() => {
    document.title = title ? `${title} | ${env.brandName}` : env.brandName;
  }, [title]);

  // The guard lets no one here without the session hints.
  if (!session) return null;

  const startLogout = () => {
    setDrawerOpen(false);
    setSettingsOpen(false);
    void logout();
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      <Navigation wide={wide} mini={wide && mini} open={drawerOpen} onClose={() => setDrawerOpen(false)} onLogout={startLogout} />
      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <TopBar
          title={title}
          onOpenMenu={wide ? undefined : () => setDrawerOpen(true)} onOpenSettings={() => {
            if (!settings.loading) settings.open(() => setSettingsOpen(true), () => void alert.show({ icon: 'error', text: CANNOT_OPEN('Settings') }));
          }}
          onPreloadSettings={settings.preload}
          settingsLoading={settings.loading}
        />
        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3, lg: 4 } }}>
          <Outlet context={session} />
        </Box>
        <PageFooter />
      </Box>
      {SettingsPanel && (
        <SettingsPanel
          open={settingsOpen}
          onClose={() => setSettingsOpen(false)}
          mini={wide && mini}
          miniAvailable={wide}
          onMiniChange={setMini}
          onLogout={startLogout}
        />
      )}
    </Box>
  );
}
