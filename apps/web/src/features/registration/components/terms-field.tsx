import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useState } from 'react';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { useNarrow } from '../../../components/layout/use-narrow';
import { env } from '../../../config/env';
import { TermsOfUse } from './terms-of-use';

/**
 * The terms checkbox (`Conditions`) with a link that opens the 'Terms of Use' popup. The link is
 * in the label's own line of text, so on a phone it wraps with the words before it instead of
 * dropping alone to a line of its own; a click on it opens the popup and leaves the box as it is
 * (a label does not act for clicks on interactive content inside it).
 */
export function TermsField() {
  const [open, setOpen] = useState(false);
  const phone = useNarrow();
  return (
    <>
      <FormCheckbox
        name="Conditions"
        required
        label={
          <>
            I have read and agree to the{' '}
            <Link component="button" type="button" variant="body1" underline="always" onClick={() => setOpen(true)} sx={{ verticalAlign: 'baseline', whiteSpace: 'nowrap' }}>
              Terms of Use
            </Link>
          </>
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
