import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Menu from '@mui/icons-material/Menu';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import AppBar from '@mui/material/AppBar';
import IconButton from '@mui/material/IconButton';
import CircularProgress from '@mui/material/CircularProgress';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';
import { useAlert } from '../../../components/alert/alert-context';
import { CANNOT_OPEN, lazyComponent, useLazyComponent } from '../../../lib/lazy-component';

/** The theme menu's code, fetched on the first pointer over, focus on or click of its button (issue 24). */
const themeMenu = lazyComponent(() => import('./theme-menu').then((module) => module.ThemeMenu));

/** The Theme button and its menu (theme-menu.tsx), the button showing its progress while the menu's code comes. */
function ThemeSwitch() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menu = useLazyComponent(themeMenu);
  const alert = useAlert();
  const ThemeMenu = menu.Component;
  return (
    <>
      <Tooltip title="Theme">
        <IconButton
          aria-label="Theme"
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          aria-busy={menu.loading}
          onClick={(event) => {
            const button = event.currentTarget;
            if (!menu.loading) menu.open(() => setAnchor(button), () => void alert.show({ icon: 'error', text: CANNOT_OPEN('The theme menu') }));
          }}
          onPointerEnter={menu.preload}
          onFocus={menu.preload}
          color="inherit"
        >
          {menu.loading ? <CircularProgress size={20} color="inherit" aria-hidden /> : <PaletteOutlined />}
        </IconButton>
      </Tooltip>
      {ThemeMenu && <ThemeMenu anchor={anchor} onClose={() => setAnchor(null)} />}
    </>
  );
}

/**
 * The bar above every signed-in screen: the menu button on a narrow screen, the page title, theme,
 * dashboard, profile and Settings. On a phone the title wraps to a second line rather than being
 * cut ('Transaction His…').
 */
export function TopBar({
  title,
  onOpenMenu,
  onOpenSettings,
  onPreloadSettings,
  settingsLoading = false,
}: {
  title: string;
  /** Given on a narrow screen, where the sidebar is a drawer that the menu button opens. */
  onOpenMenu?: () => void;
  onOpenSettings: () => void;
  /** Starts fetching the settings panel's code (pointer over or focus on Settings). */
  onPreloadSettings?: () => void;
  /** The settings panel's code is on its way: the button shows its progress. */
  settingsLoading?: boolean;
}) {
  return (
    <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar sx={{ gap: { xs: 0, sm: 1 }, px: { xs: 1, sm: 2 } }}>
        {onOpenMenu && (
          <IconButton aria-label="Open menu" onClick={onOpenMenu}>
            <Menu />
          </IconButton>
        )}
        <Typography variant="h1" sx={{ flex: 1, minWidth: 0, mx: { xs: 0.5, sm: 0 }, fontSize: { xs: '1.1rem', sm: '1.4rem' }, lineHeight: 1.25 }}>
          {title}
        </Typography>
        <ThemeSwitch />
        <Tooltip title="Dashboard">
          <IconButton component={RouterLink} to={paths.dashboard.getHref()} aria-label="Dashboard" color="inherit">
            <HomeOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title="My Profile">
          <IconButton component={RouterLink} to={paths.parentProfile.getHref()} aria-label="My Profile" color="inherit">
            <PersonOutline />
          </IconButton>
        </Tooltip>
        <Tooltip title="Settings">
          <IconButton
            aria-label="Settings"
            aria-haspopup="dialog"
            aria-busy={settingsLoading}
            onClick={onOpenSettings}
            onPointerEnter={onPreloadSettings}
            onFocus={onPreloadSettings}
            color="inherit"
          >
            {settingsLoading ? <CircularProgress size={20} color="inherit" aria-hidden /> : <SettingsOutlined />}
          </IconButton>
        </Tooltip>
      </Toolbar>
    </AppBar>
  );
}
