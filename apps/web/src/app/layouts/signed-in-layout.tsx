import { NARROW_LAYOUT_MAX_WIDTH, THEME_COLORS } from '@airbox/contract';
import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import Check from '@mui/icons-material/Check';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MailOutline from '@mui/icons-material/MailOutlined';
import Menu from '@mui/icons-material/Menu';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import PersonOutline from '@mui/icons-material/PersonOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import MuiMenu from '@mui/material/Menu';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Toolbar from '@mui/material/Toolbar';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useEffect, useState, type ComponentType } from 'react';
import { Link as RouterLink, Outlet, useLocation } from 'react-router';
import { BrandLogo } from '../../components/layout/brand-logo';
import { env } from '../../config/env';
import { paths } from '../../config/paths';
import { useLogout } from '../../features/auth/hooks/use-logout';
import { readSession } from '../../lib/session';
import { themeName } from '../../lib/theme';
import { useRouteHandle } from '../route-handle';
import { useThemeColor } from '../theme-provider';

const DRAWER_WIDTH = 264;
const MINI_DRAWER_WIDTH = 76;
const SIDEBAR_BG = '#1f2937';

interface NavItem {
  label: string;
  to: string;
  /** Path prefix that marks the entry as the current one. */
  section: string;
  Icon: ComponentType;
}

/** The sidebar of spec 01 §2, in its order; Logout follows. */
const NAV_ITEMS: NavItem[] = [
  { label: 'Dashboard', to: paths.dashboard.getHref(), section: paths.dashboard.path, Icon: DashboardOutlined },
  { label: 'Personal Information', to: paths.parent.getHref(), section: paths.parent.path, Icon: BadgeOutlined },
  { label: 'My Shipments', to: paths.shipmentParent.getHref(), section: paths.shipmentParent.path, Icon: LocalShippingOutlined },
  { label: 'My Messages', to: paths.message.getHref(), section: paths.message.path, Icon: MailOutline },
  { label: 'Transaction History', to: paths.transaction.getHref(), section: paths.transaction.path, Icon: ReceiptLongOutlined },
  { label: 'My Contacts', to: paths.myContacts.getHref(), section: paths.myContacts.path, Icon: ContactsOutlined },
];

function isCurrent(pathname: string, section: string): boolean {
  const current = pathname.toLowerCase();
  const prefix = section.toLowerCase();
  return current === prefix || current.startsWith(`${prefix}/`);
}

function Sidebar({ mini, onNavigate, onLogout }: { mini: boolean; onNavigate: () => void; onLogout: () => void }) {
  const { pathname } = useLocation();
  const itemSx = {
    borderRadius: 2,
    mx: 1.5,
    my: 0.25,
    minHeight: 46,
    justifyContent: mini ? 'center' : 'flex-start',
    color: '#e5e7eb',
    '&:hover': { bgcolor: 'rgba(255,255,255,0.08)' },
    '&.Mui-selected, &.Mui-selected:hover': { bgcolor: 'primary.main', color: 'primary.contrastText' },
  } as const;
  const iconSx = { color: 'inherit', minWidth: mini ? 0 : 40 } as const;

  return (
    <Box
      component="nav"
      aria-label="Main menu"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', bgcolor: SIDEBAR_BG, color: '#f9fafb' }}
    >
      <Box
        component={RouterLink}
        to={paths.dashboard.getHref()}
        onClick={onNavigate}
        aria-label={`${env.brandName} dashboard`}
        sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: mini ? 2.5 : 3, py: 2.5, color: 'inherit', textDecoration: 'none' }}
      >
        <BrandLogo size={34} />
        {!mini && (
          <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.25rem' }}>
            {env.brandName}
          </Typography>
        )}
      </Box>
      <Divider sx={{ borderColor: 'rgba(255,255,255,0.12)', mb: 1 }} />
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        <List disablePadding>
          {NAV_ITEMS.map(({ label, to, section, Icon }) => {
            const current = isCurrent(pathname, section);
            return (
              <ListItem key={label} disablePadding>
                <Tooltip title={mini ? label : ''} placement="right">
                  <ListItemButton
                    component={RouterLink}
                    to={to}
                    selected={current}
                    aria-current={current ? 'page' : undefined}
                    aria-label={mini ? label : undefined}
                    onClick={onNavigate}
                    sx={itemSx}
                  >
                    <ListItemIcon sx={iconSx}>
                      <Icon />
                    </ListItemIcon>
                    {!mini && <ListItemText primary={label} />}
                  </ListItemButton>
                </Tooltip>
              </ListItem>
            );
          })}
          <ListItem disablePadding>
            <Tooltip title={mini ? 'Logout' : ''} placement="right">
              <ListItemButton onClick={onLogout} aria-label={mini ? 'Logout' : undefined} sx={itemSx}>
                <ListItemIcon sx={iconSx}>
                  <LogoutOutlined />
                </ListItemIcon>
                {!mini && <ListItemText primary="Logout" />}
              </ListItemButton>
            </Tooltip>
          </ListItem>
        </List>
      </Box>
    </Box>
  );
}

function ThemeSwitch() {
  const { color, setColor } = useThemeColor();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
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
          <MenuItem
            key={option}
            selected={option === color}
            onClick={() => {
              setColor(option);
              setAnchor(null);
            }}
          >
            <ListItemIcon>{option === color && <Check fontSize="small" />}</ListItemIcon>
            {themeName(option, env.brandName)}
          </MenuItem>
        ))}
      </MuiMenu>
    </>
  );
}

/** The main layout of every signed-in screen (spec 01 §2). */
export function SignedInLayout() {
  const session = readSession();
  const wide = useMediaQuery(`(min-width:${NARROW_LAYOUT_MAX_WIDTH}px)`, { noSsr: true });
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [mini, setMini] = useState(false);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const logout = useLogout();
  const { title = '' } = useRouteHandle();

  useEffect(() => {
    document.title = title ? `${title} | ${env.brandName}` : env.brandName;
  }, [title]);

  // The guard lets no one here without the session hints.
  if (!session) return null;

  const miniSidebar = wide && mini;
  const sidebarWidth = miniSidebar ? MINI_DRAWER_WIDTH : DRAWER_WIDTH;
  const closeDrawer = () => setDrawerOpen(false);
  const startLogout = () => {
    setDrawerOpen(false);
    setSettingsOpen(false);
    void logout();
  };

  return (
    <Box sx={{ display: 'flex', minHeight: '100vh', bgcolor: 'background.default' }}>
      {wide ? (
        <Drawer
          variant="permanent"
          sx={{
            width: sidebarWidth,
            flexShrink: 0,
            transition: 'width 200ms',
            '& .MuiDrawer-paper': { width: sidebarWidth, border: 0, overflowX: 'hidden', transition: 'width 200ms' },
          }}
        >
          <Sidebar mini={miniSidebar} onNavigate={closeDrawer} onLogout={startLogout} />
        </Drawer>
      ) : (
        <Drawer
          variant="temporary"
          open={drawerOpen}
          onClose={closeDrawer}
          ModalProps={{ keepMounted: true }}
          sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, maxWidth: '85vw', border: 0 } }}
        >
          <Sidebar mini={false} onNavigate={closeDrawer} onLogout={startLogout} />
        </Drawer>
      )}

      <Box sx={{ flex: 1, minWidth: 0, display: 'flex', flexDirection: 'column' }}>
        <AppBar position="sticky" color="inherit" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Toolbar sx={{ gap: 1 }}>
            {!wide && (
              <IconButton aria-label="Open menu" edge="start" onClick={() => setDrawerOpen(true)}>
                <Menu />
              </IconButton>
            )}
            <Typography variant="h1" noWrap sx={{ flex: 1, fontSize: { xs: '1.2rem', sm: '1.4rem' } }}>
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
          </Toolbar>
        </AppBar>

        <Box component="main" sx={{ flex: 1, p: { xs: 2, sm: 3, lg: 4 } }}>
          <Outlet context={session} />
        </Box>

        <Box
          component="footer"
          sx={{
            display: 'flex',
            flexWrap: 'wrap',
            justifyContent: 'space-between',
            gap: 1,
            px: { xs: 2, sm: 3, lg: 4 },
            py: 2,
            pr: { xs: 10, sm: 12, lg: 12 },
            color: 'text.secondary',
            fontSize: '0.875rem',
            borderTop: 1,
            borderColor: 'divider',
          }}
        >
          <span>Version {env.version}</span>
          <span>
            © {new Date().getFullYear()} {env.brandName}
          </span>
        </Box>
      </Box>

      <Box component="aside" aria-label="Settings panel" sx={{ position: 'fixed', right: 20, bottom: 20 }}>
        <Fab color="primary" size="medium" aria-label="Settings" onClick={() => setSettingsOpen(true)}>
          <SettingsOutlined />
        </Fab>
      </Box>
      <Drawer
        anchor="right"
        open={settingsOpen}
        onClose={() => setSettingsOpen(false)}
        slotProps={{ paper: { role: 'dialog', 'aria-label': 'Settings' } }}
      >
        <Stack spacing={2} sx={{ width: 280, p: 3 }}>
          <Typography variant="h2">Settings</Typography>
          <FormControlLabel
            control={<Switch checked={miniSidebar} disabled={!wide} onChange={(event) => setMini(event.target.checked)} />}
            label="Sidebar Mini"
          />
          <Divider />
          <Button variant="outlined" color="error" startIcon={<LogoutOutlined />} onClick={startLogout}>
            Logout
          </Button>
        </Stack>
      </Drawer>
    </Box>
  );
}
