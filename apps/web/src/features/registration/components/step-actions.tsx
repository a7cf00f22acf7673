import Box from '@mui/material/Box';
import Button from '@mui/material/Button';

/** Back and Next (or the final submit) at the foot of a step. */
export function StepActions({
  onBack,
  nextLabel = 'Next',
  busy = false,
  onNextClick,
}: {
  onBack?: () => void;
  nextLabel?: string;
  busy?: boolean;
  onNextClick?: () => void;
}) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'space-between', gap: 2, mt: 1 }}>
      {onBack ? (
        <Button variant="outlined" color="secondary" size="large" onClick={onBack} disabled={busy}>
          Back
        </Button>
      ) : (
        <span />
      )}
      <Button type="submit" variant="contained" size="large" disabled={busy} onClick={onNextClick} sx={{ minWidth: 120 }}>
        {nextLabel}
      </Button>
    </Box>
  );
}
