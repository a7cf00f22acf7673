import { PROFILE_MESSAGES } from '@airbox/contract';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useId, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Form } from '../../../components/form/form';
import { FormField } from '../../../components/form/form-field';

/** Puts the answer's problem ('Incorrect password') on the password field. */
function PasswordProblem({ problem }: { problem: { message: string } | null }) {
  const { setError } = useFormContext();
  useEffect(() => {
    if (problem) setError('password', { message: problem.message }, { shouldFocus: true });
  }, [problem, setError]);
  return null;
}

/**
 * 'Update profile settings': asks the current password before a profile change. `onConfirm`
 * answers the field's problem ('Incorrect password'), or null when it is done with the password.
 */
export function ConfirmPasswordDialog({
  open,
  busy,
  onCancel,
  onConfirm,
}: {
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (password: string) => Promise<string | null>;
}) {
  const titleId = useId();
  const textId = useId();
  const [problem, setProblem] = useState<{ message: string } | null>(null);
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onCancel}
      aria-labelledby={titleId}
      aria-describedby={textId}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: () => setProblem(null) } }}
    >
      {open && (
        <Form
          schema="confirmPasswordFormSchema"
          defaultValues={{ password: '' }}
          aria-label={PROFILE_MESSAGES.updateDialogTitle}
          onSubmit={async ({ password }) => {
            const found = await onConfirm(password);
            if (found) setProblem({ message: found });
          }}
        >
          {() => (
            <>
              <PasswordProblem problem={problem} />
              <DialogTitle id={titleId}>{PROFILE_MESSAGES.updateDialogTitle}</DialogTitle>
              <DialogContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, pt: '8px !important' }}>
                <DialogContentText id={textId}>Enter your current password to save your changes.</DialogContentText>
                <FormField name="password" label="Password" type="password" autoComplete="current-password" autoFocus />
              </DialogContent>
              <DialogActions sx={{ px: 3, pb: 2 }}>
                <Button onClick={onCancel} disabled={busy} color="secondary">
                  CANCEL
                </Button>
                <Button type="submit" variant="contained" disabled={busy}>
                  CONFIRM
                </Button>
              </DialogActions>
            </>
          )}
        </Form>
      )}
    </Dialog>
  );
}
