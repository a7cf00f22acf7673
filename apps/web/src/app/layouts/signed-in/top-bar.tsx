import { THEME_COLORS } from '@airbox/contract';
import Check from '@mui/icons-material/Check';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import Menu from '@mui/icons-material/Menu';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import AppBar from '@mui/material/AppBar';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import MuiMenu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { THEME_MODE_NAMES, THEME_MODES, themeName } from '../../../lib/theme';
import { useThemeColor } from '../../theme-provider';

/** A choice of the theme menu, ticked when it is the current one. */
function ThemeChoice({ label, current, onChoose }: { label: string; current: boolean; onChoose: () => void }) {
  return (
    <MenuItem selected={current} onClick={onChoose}>
      <ListItemIcon>{current && <Check fontSize="small" />}</ListItemIcon>
      {label}
    </MenuItem>
  );
}

/** The theme menu: the spec's two themes (spec 01 §2), then light, dark or as the device says (issue 21). */
function ThemeSwitch() {
  const { color, setColor, mode, setMode } = useThemeColor();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const choose = (change: () => void) => () => {
    change();
    setAnchor(null);
  };
  return (
    <>
      <Tooltip title="Theme">
        <IconButton
          aria-label="Theme"
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
          color="inherit"
        >
          <PaletteOutlined />
        </IconButton>
      </Tooltip>
      <MuiMenu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {THEME_COLORS.map((option) => (
          <ThemeChoice key={option} label={themeName(option, env.brandName)} current={option === color} onChoose={choose(() => setColor(option))} />
        ))}
        <Divider />
        {THEME_MODES.map((option) => (
          <ThemeChoice key={option} label={THEME_MODE_NAMES[option]} current={option === mode} onChoose={choose(() => setMode(option))} />
        ))}
      </MuiMenu>
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
}: {
  title: string;
  /** Given on a narrow screen, where the sidebar is a drawer that the menu button opens. */
  onOpenMenu?: () => void;
  onOpenSettings: () => void;
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
          <IconButton aria-label="Settings" aria-haspopup="dialog" onClick={onOpenSettings} color="inherit">
            <SettingsOutlined />
          </IconButton>
        </Tooltip>
      </Toolbar>
    </AppBar>
  );
}
