import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import { useId, useState } from 'react';
import { env } from '../../config/env';
import { useNarrow } from '../layout/use-narrow';
import { TermsOfUse } from './terms-of-use';

/**
 * A sentence whose words `linked` open the 'Terms of Use' popup (spec 02 §2: a dialog, no page of
 * its own), for every box a customer ticks to agree to them: registration, buying credits, paying
 * a pickup. The sentence stays one text (the box's name); the link sits in its line, so on a phone
 * it wraps with the words before it, and in a checkbox's label a click on it opens the popup and
 * leaves the box as it is (a label does not act for clicks on interactive content inside it).
 */
export function TermsSentence({ text, linked = 'Terms of Use' }: { text: string; linked?: string }) {
  const at = text.indexOf(linked);
  if (at < 0) throw new Error(`'${linked}' is not in '${text}'`);
  const [open, setOpen] = useState(false);
  const phone = useNarrow();
  const titleId = useId();
  return (
    <>
      {text.slice(0, at)}
      <Link component="button" type="button" variant="body1" underline="always" onClick={() => setOpen(true)} sx={{ verticalAlign: 'baseline', whiteSpace: 'nowrap' }}>
        {linked}
      </Link>
      {text.slice(at + linked.length)}
      <Dialog open={open} onClose={() => setOpen(false)} scroll="paper" fullScreen={phone} maxWidth="md" aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Terms of Use</DialogTitle>
        {/* Focusable so keyboard users can scroll the terms (axe: scrollable-region-focusable). */}
        <DialogContent dividers tabIndex={0} aria-labelledby={titleId}>
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
