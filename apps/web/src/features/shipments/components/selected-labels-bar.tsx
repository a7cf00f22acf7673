import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';

export const SELECTED_LABELS_TEXT = {
  chosen: (count: number) => `${count} USPS ${count === 1 ? 'label' : 'labels'} chosen`,
  hint: 'Choose USPS labels (the boxes) to make one scan form or one pickup for all of them.',
  createScanForm: 'CREATE SCAN FORM',
  schedulePickup: 'SCHEDULE ONE PICKUP',
  clear: 'CLEAR',
  choose: 'CHOOSE USPS LABELS',
  done: 'DONE',
  scanFormQuestion: (count: number) =>
    `Make one USPS scan form for ${count === 1 ? 'this label' : `these ${count} labels`}? USPS scans it once for all of them when you hand over the parcels. A label can be on one scan form only.`,
} as const;

/**
 * Above Purchased Labels while the customer chooses USPS labels (issue 25 item 2): how many are
 * chosen, what can be done with all of them at once (one end-of-day scan form, one USPS pickup),
 * CLEAR, and DONE to stop choosing.
 */
export function SelectedLabelsBar({
  count,
  busy,
  onCreateScanForm,
  onSchedulePickup,
  onClear,
  onDone,
}: {
  count: number;
  busy: boolean;
  onCreateScanForm: () => void;
  /** Absent where the pickup screens are not at hand. */
  onSchedulePickup?: (() => void) | undefined;
  onClear: () => void;
  onDone: () => void;
}) {
  const none = count === 0;
  return (
    <Box
      role="region"
      aria-label="Chosen labels"
      sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1, mb: 1.5, p: 1.5, borderRadius: 1, border: 1, borderColor: 'primary.main' }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, mr: 'auto', flex: '1 1 14rem' }} aria-live="polite">
        {none ? SELECTED_LABELS_TEXT.hint : SELECTED_LABELS_TEXT.chosen(count)}
      </Typography>
      <Button variant="contained" size="small" disabled={busy || none} onClick={onCreateScanForm}>
        {SELECTED_LABELS_TEXT.createScanForm}
      </Button>
      {onSchedulePickup && (
        <Button variant="outlined" size="small" disabled={busy || none} onClick={onSchedulePickup}>
          {SELECTED_LABELS_TEXT.schedulePickup}
        </Button>
      )}
      {!none && (
        <Button size="small" onClick={onClear}>
          {SELECTED_LABELS_TEXT.clear}
        </Button>
      )}
      <Button size="small" onClick={onDone}>
        {SELECTED_LABELS_TEXT.done}
      </Button>
    </Box>
  );
}
