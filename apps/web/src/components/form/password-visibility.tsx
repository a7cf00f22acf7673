import Visibility from '@mui/icons-material/Visibility';
import VisibilityOff from '@mui/icons-material/VisibilityOff';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import { useState } from 'react';

/**
 * A password input's type and its show/hide button ('Show password', 'Hide new password'), for
 * the login form's TextInput and FormField.
 */
export function usePasswordVisibility(label: string) {
  const [visible, setVisible] = useState(false);
  return {
    type: visible ? 'text' : 'password',
    endAdornment: (
      <Box sx={{ display: 'flex', alignItems: 'center', ml: 1 }}>
        <IconButton
          aria-label={`${visible ? 'Hide' : 'Show'} ${label.toLowerCase()}`}
          aria-pressed={visible}
          onClick={() => setVisible((shown) => !shown)}
          edge="end"
        >
          {visible ? <VisibilityOff /> : <Visibility />}
        </IconButton>
      </Box>
    ),
  } as const;
}
