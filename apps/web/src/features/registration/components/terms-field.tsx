import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useState } from 'react';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { useNarrow } from '../../../components/layout/use-narrow';
import { env } from '../../../config/env';
import { TermsOfUse } from './terms-of-use';

/** The terms checkbox (`Conditions`) with a link that opens the 'Terms of Use' popup. */
export function TermsField() {
  const [open, setOpen] = useState(false);
  const phone = useNarrow();
  return (
    <>
      <FormCheckbox
        name="Conditions"
        required
        label="I have read and agree to the"
        after={
          <Button variant="text" onClick={() => setOpen(true)} sx={{ p: 0.5, minWidth: 0, textTransform: 'none', fontSize: '1rem', textDecoration: 'underline' }}>
            Terms of Use
          </Button>
        }
      />
      <Dialog open={open} onClose={() => setOpen(false)} scroll="paper" fullScreen={phone} maxWidth="md" aria-labelledby="terms-title">
        <DialogTitle id="terms-title">Terms of Use</DialogTitle>
        {/* Focusable so keyboard users can scroll the terms (axe: scrollable-region-focusable). */}
        <DialogContent dividers tabIndex={0} aria-labelledby="terms-title">
          <TermsOfUse brandName={env.brandName} />
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setOpen(false)} autoFocus>
            Close
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
