import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import type { ReactNode } from 'react';

/** A choice that fills an address form (My address, My locker hub, Pick from My Contacts): its name, and the address underneath. */
export function ChoiceButton({ label, detail, onClick }: { label: string; detail?: string; onClick: () => void }) {
  return (
    <Button
      variant="outlined"
      onClick={onClick}
      sx={{ flexDirection: 'column', alignItems: 'flex-start', textAlign: 'left', textTransform: 'none', flex: { xs: '1 1 100%', sm: '1 1 0' }, minWidth: 0 }}
    >
      <Box component="span" sx={{ fontWeight: 600 }}>
        {label}
      </Box>
      {detail && (
        <Box component="span" sx={{ fontSize: '0.8rem', color: 'text.secondary', overflowWrap: 'anywhere' }}>
          {detail}
        </Box>
      )}
    </Button>
  );
}

/** The row of ChoiceButtons above an address form, a group named 'Choose an address'. */
export function AddressChoices({ children }: { children: ReactNode }) {
  return (
    <Box role="group" aria-label="Choose an address" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1.5 }}>
      {children}
    </Box>
  );
}
