import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { MouseEvent, ReactNode } from 'react';

export interface RowAction {
  /** The button's text as the spec writes it (DETAILS, EDIT COMMENTS, ...). */
  label: string;
  /** A link (CONTINUE PURCHASE) or a button. */
  href?: string;
  /** `anchor`, the control that was used (the button, or the row's menu button), anchors a menu the action opens. */
  onClick?: (anchor: HTMLElement) => void;
  color?: 'primary' | 'secondary' | 'error';
  icon?: ReactNode;
  disabled?: boolean;
  /** The action opens a menu of choices (view or download an invoice). */
  opensMenu?: boolean;
}

/**
 * A row's action buttons: one under the other in a table cell, side by side (wrapping) on a card.
 * Each is named by its text and the row (`DETAILS, order 1001`), so a screen reader that lists
 * the page's buttons tells the rows apart; the visible text starts the name.
 */
export function RowActions({ actions, rowName, layout = 'column' }: { actions: readonly RowAction[]; rowName: string; layout?: 'column' | 'row' }) {
  return (
    <Box
      sx={{
        display: 'flex',
        flexDirection: layout,
        flexWrap: layout === 'row' ? 'wrap' : 'nowrap',
        alignItems: layout === 'row' ? 'center' : 'stretch',
        gap: 0.5,
      }}
    >
      {actions.map((action) => (
        <Button
          key={action.label}
          size="small"
          variant="outlined"
          color={action.color ?? 'primary'}
          startIcon={action.icon}
          disabled={action.disabled}
          aria-label={`${action.label}, ${rowName}`}
          aria-haspopup={action.opensMenu ? 'menu' : undefined}
          href={action.href}
          onClick={action.href ? undefined : (event: MouseEvent<HTMLElement>) => action.onClick?.(event.currentTarget)}
          sx={{ whiteSpace: 'nowrap', justifyContent: layout === 'column' ? 'flex-start' : 'center' }}
        >
          {action.label}
        </Button>
      ))}
    </Box>
  );
}
