import BadgeOutlined from '@mui/icons-material/BadgeOutlined';
import ContactsOutlined from '@mui/icons-material/ContactsOutlined';
import DashboardOutlined from '@mui/icons-material/DashboardOutlined';
import LocalShippingOutlined from '@mui/icons-material/LocalShippingOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import MailOutline from '@mui/icons-material/MailOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ComponentType } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { BrandLogo } from '../../../components/layout/brand-logo';
import { env } from '../../../config/env';
import { paths } from '../../../config/paths';
import { FOCUS_RING_ON_DARK } from '../../../lib/theme';

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
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        bgcolor: SIDEBAR_BG,
        color: '#f9fafb',
        // The focus ring on the dark sidebar is white, and inset so the scroll area does not clip it.
        '& :focus-visible, & .Mui-focusVisible': { outlineColor: FOCUS_RING_ON_DARK, outlineOffset: -2 },
      }}
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

/**
 * The sidebar: always there on a wide screen (narrow when `mini`), a drawer the menu button opens
 * on a narrow one.
 */
export function Navigation({
  wide,
  mini,
  open,
  onClose,
  onLogout,
}: {
  wide: boolean;
  mini: boolean;
  /** Whether the narrow screen's drawer is open. */
  open: boolean;
  onClose: () => void;
  onLogout: () => void;
}) {
  if (!wide) {
    // Not kept mounted while closed: a closed drawer's slide measured the page on every first
    // render of a screen on a phone (a forced layout, issue 24), for links nobody sees.
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        sx={{ '& .MuiDrawer-paper': { width: DRAWER_WIDTH, maxWidth: '85vw', border: 0 } }}
      >
        <Sidebar mini={false} onNavigate={onClose} onLogout={onLogout} />
      </Drawer>
    );
  }
  const width = mini ? MINI_DRAWER_WIDTH : DRAWER_WIDTH;
  return (
    <Drawer
      variant="permanent"
      sx={{
        width,
        flexShrink: 0,
        transition: (theme) => theme.transitions.create('width', { duration: 200 }),
        '& .MuiDrawer-paper': { width, border: 0, overflowX: 'hidden', transition: (theme) => theme.transitions.create('width', { duration: 200 }) },
      }}
    >
      <Sidebar mini={mini} onNavigate={onClose} onLogout={onLogout} />
    </Drawer>
  );
}
