import { THEME_COLORS } from '@airbox/contract';
import Check from '@mui/icons-material/Check';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import MuiMenu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { env } from '../../../config/env';
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

/**
 * The theme menu the top bar's Theme button opens: the spec's two themes (spec 01 §2), then light,
 * dark or as the device says (issue 21). Fetched on the button's first use (issue 24).
 */
export function ThemeMenu({ anchor, onClose }: { anchor: HTMLElement | null; onClose: () => void }) {
  const { color, setColor, mode, setMode } = useThemeColor();
  const choose = (change: () => void) => () => {
    change();
    onClose();
  };
  return (
    <MuiMenu anchorEl={anchor} open={anchor !== null} onClose={onClose}>
      {THEME_COLORS.map((option) => (
        <ThemeChoice key={option} label={themeName(option, env.brandName)} current={option === color} onChoose={choose(() => setColor(option))} />
      ))}
      <Divider />
      {THEME_MODES.map((option) => (
        <ThemeChoice key={option} label={THEME_MODE_NAMES[option]} current={option === mode} onChoose={choose(() => setMode(option))} />
      ))}
    </MuiMenu>
  );
}
