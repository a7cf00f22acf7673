import MoreHoriz from '@mui/icons-material/MoreHoriz';
import IconButton from '@mui/material/IconButton';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useId, useState } from 'react';
import type { RowAction } from './row-actions';

/**
 * A row's other actions behind one "⋯" button (a list that must stay one line a row): the button
 * is named by the row (`More actions, order 1001`), the menu lists each action by its text. An
 * action that opens a menu of its own (an invoice's choices) anchors it on the "⋯" button, as the
 * row's menu has closed by then.
 */
export function RowMenu({ actions, rowName }: { actions: readonly RowAction[]; rowName: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const open = anchor !== null;
  const menuId = useId();
  const choose = (action: RowAction) => {
    setAnchor(null);
    if (anchor) action.onClick?.(anchor);
  };
  return (
    <>
      <IconButton
        size="small"
        aria-label={`More actions, ${rowName}`}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ border: 1, borderColor: 'divider', borderRadius: 1.5 }}
      >
        <MoreHoriz fontSize="small" />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={open}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ list: { 'aria-label': `Actions, ${rowName}`, dense: true } }}
      >
        {actions.map((action) =>
          action.href ? (
            <MenuItem key={action.label} component="a" href={action.href} disabled={action.disabled}>
              {action.label}
            </MenuItem>
          ) : (
            <MenuItem
              key={action.label}
              disabled={action.disabled}
              aria-haspopup={action.opensMenu ? 'menu' : undefined}
              onClick={() => choose(action)}
              sx={action.color === 'error' ? { color: 'error.main' } : undefined}
            >
              {action.label}
            </MenuItem>
          ),
        )}
      </Menu>
    </>
  );
}
