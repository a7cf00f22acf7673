import { PROFILE_MESSAGES } from '@airbox/contract';
import { useEffect, useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { FormDialog } from '../../../components/dialog/form-dialog';
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
  const [problem, setProblem] = useState<{ message: string } | null>(null);
  return (
    <FormDialog
      open={open}
      title={PROFILE_MESSAGES.updateDialogTitle}
      description="Enter your current password to save your changes."
      schema="confirmPasswordFormSchema"
      defaultValues={{ password: '' }}
      onSubmit={async ({ password }) => {
        const found = await onConfirm(password);
        setProblem(found ? { message: found } : null);
      }}
      onCancel={() => {
        setProblem(null);
        onCancel();
      }}
      busy={busy}
    >
      <PasswordProblem problem={problem} />
      <FormField name="password" label="Password" type="password" autoComplete="current-password" />
    </FormDialog>
  );
}
