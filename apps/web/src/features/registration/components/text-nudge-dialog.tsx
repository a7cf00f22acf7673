import Sms from '@mui/icons-material/SmsOutlined';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';

export type NudgeAnswer = 'turnOn' | 'ignore' | 'dismissed';

/**
 * The recommendation to turn text notifications on (spec 02 §4), shown once before an individual
 * registration is sent with them off. Escape or a click outside sends nothing.
 */
export function TextNudgeDialog({ open, onAnswer }: { open: boolean; onAnswer: (answer: NudgeAnswer) => void }) {
  return (
    <Dialog
      open={open}
      onClose={() => onAnswer('dismissed')}
      role="alertdialog"
      aria-labelledby="text-nudge-title"
      aria-describedby="text-nudge-text"
      maxWidth="xs"
      fullWidth
    >
      <Sms color="primary" aria-hidden sx={{ fontSize: 64, display: 'block', mx: 'auto', mt: 3 }} />
      <DialogTitle id="text-nudge-title" sx={{ textAlign: 'center' }}>
        Turn on text notifications?
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="text-nudge-text" sx={{ textAlign: 'center', color: 'text.primary' }}>
          We recommend text notifications: a text the moment a package reaches your locker means you can pick it up within
          the free pickup period and avoid late fees.
        </DialogContentText>
      </DialogContent>
      <DialogActions sx={{ justifyContent: 'center', gap: 1, pb: 3 }}>
        <Button variant="outlined" color="secondary" onClick={() => onAnswer('ignore')}>
          IGNORE
        </Button>
        <Button variant="contained" onClick={() => onAnswer('turnOn')} autoFocus>
          TURN ON
        </Button>
      </DialogActions>
    </Dialog>
  );
}
