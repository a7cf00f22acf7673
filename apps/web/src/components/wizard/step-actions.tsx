import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/**
 * The row at the foot of a step: Back on the left; Cancel and Next (a submit button, so the step's
 * form checks its fields first) on the right. Back and Cancel show when the step offers them.
 */
export function StepActions({
  onBack,
  onCancel,
  nextLabel = 'Next',
  busy = false,
  nextDisabled = false,
  onNextClick,
}: {
  onBack?: () => void;
  onCancel?: () => void;
  nextLabel?: string;
  busy?: boolean;
  /** Next waits for something the step asks first (a choice, a check); Back stays available. */
  nextDisabled?: boolean;
  onNextClick?: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, mt: 1 }}>
      {onBack && (
        <Button variant="outlined" color="secondary" size="large" onClick={onBack} disabled={busy}>
          Back
        </Button>
      )}
      <Box sx={{ flex: 1 }} />
      {onCancel && (
        <Button color="secondary" size="large" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy || nextDisabled} onClick={onNextClick} sx={{ minWidth: 120 }}>
        {nextLabel}
      </Button>
    </Box>
  );
}
