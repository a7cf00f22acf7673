import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import Fab from '@mui/material/Fab';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';

/** The Settings button in the corner and the panel it opens: Sidebar Mini (wide screens) and Logout. */
export function SettingsPanel({
  open,
  onOpen,
  onClose,
  mini,
  miniAvailable,
  onMiniChange,
  onLogout,
}: {
  open: boolean;
  onOpen: () => void;
  onClose: () => void;
  mini: boolean;
  miniAvailable: boolean;
  onMiniChange: (mini: boolean) => void;
  onLogout: () => void;
}) {
  return (
    <>
      <Box component="aside" aria-label="Settings panel" sx={{ position: 'fixed', right: 20, bottom: 20 }}>
        <Fab color="primary" size="medium" aria-label="Settings" onClick={onOpen}>
          <SettingsOutlined />
        </Fab>
      </Box>
      <Drawer anchor="right" open={open} onClose={onClose} slotProps={{ paper: { role: 'dialog', 'aria-label': 'Settings' } }}>
        <Stack spacing={2} sx={{ width: 280, p: 3 }}>
          <Typography variant="h2">Settings</Typography>
          <FormControlLabel
            control={<Switch checked={mini} disabled={!miniAvailable} onChange={(event) => onMiniChange(event.target.checked)} />}
            label="Sidebar Mini"
          />
          <Divider />
          <Button variant="outlined" color="error" startIcon={<LogoutOutlined />} onClick={onLogout}>
            Logout
          </Button>
        </Stack>
      </Drawer>
    </>
  );
}
