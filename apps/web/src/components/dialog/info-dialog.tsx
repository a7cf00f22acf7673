import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useNarrow } from '../layout/use-narrow';

/**
 * A dialog that shows a record (Shipment Order Details, Shipment Label Details): the title, a
 * progress bar named by what loads while it loads, the content, the record's own actions and
 * CLOSE. The content scrolls between the title and the actions; on a phone it fills the screen.
 */
export function InfoDialog({
  open,
  title,
  loading = false,
  loadingLabel,
  onClose,
  actions,
  maxWidth = 'sm',
  children,
}: {
  open: boolean;
  title: string;
  loading?: boolean;
  /** Names the progress bar: 'Loading the shipment details'. */
  loadingLabel?: string;
  onClose: () => void;
  /** Buttons before CLOSE (DOWNLOAD PDF). */
  actions?: ReactNode;
  maxWidth?: 'xs' | 'sm' | 'md';
  children: ReactNode;
}) {
  const titleId = useId();
  const narrow = useNarrow();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth={maxWidth} fullWidth fullScreen={narrow}>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      {/* Focusable, so that a keyboard can scroll a record longer than the screen. */}
      <DialogContent dividers tabIndex={0}>
        {loading ? <LinearProgress aria-label={loadingLabel ?? `Loading ${title}`} sx={{ my: 2 }} /> : children}
      </DialogContent>
      <DialogActions sx={{ px: 3, py: 1.5, flexWrap: 'wrap', gap: 1 }}>
        {actions}
        <Button color="secondary" onClick={onClose}>
          CLOSE
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** A labelled value inside an InfoDialog: the label above, the value under it. Empty values show '–'. */
export function InfoItem({ label, children }: { label: string; children: ReactNode }) {
  const empty = children === '' || children === null || children === undefined;
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="caption" color="text.secondary" sx={{ display: 'block' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {empty ? '–' : children}
      </Typography>
    </Box>
  );
}

/** Lines of text inside an InfoItem (an address, say), each on its own line; empty ones are left out. */
export function InfoLines({ lines }: { lines: readonly string[] }) {
  return (
    <>
      {lines
        .map((line) => line.trim())
        .filter(Boolean)
        .map((line, index) => (
          <Box component="span" key={index} sx={{ display: 'block' }}>
            {line}
          </Box>
        ))}
    </>
  );
}

/** A group of InfoItems under a heading, two columns wide on a computer. */
export function InfoSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Box component="section" sx={{ '& + &': { mt: 3 } }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 1, fontWeight: 600 }}>
        {title}
      </Typography>
      <Box component="dl" sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' }, m: 0 }}>
        {children}
      </Box>
    </Box>
  );
}
