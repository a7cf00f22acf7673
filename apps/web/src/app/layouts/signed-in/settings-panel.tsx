import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import Drawer from '@mui/material/Drawer';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';

/** The settings panel the top bar's Settings button opens: Sidebar Mini (wide screens) and Logout. */
export function SettingsPanel({
  open,
  onClose,
  mini,
  miniAvailable,
  onMiniChange,
  onLogout,
}: {
  open: boolean;
  onClose: () => void;
  mini: boolean;
  miniAvailable: boolean;
  onMiniChange: (mini: boolean) => void;
  onLogout: () => void;
}) {
  return (
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
  );
}
