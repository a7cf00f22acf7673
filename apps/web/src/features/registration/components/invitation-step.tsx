import { INVITATION_ERRORCODE, MESSAGES, REGISTRATION_MESSAGES } from '@airbox/contract';
import CheckCircle from '@mui/icons-material/CheckCircle';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState, type RefObject } from 'react';
import { useFormContext, useWatch, type UseFormReturn } from 'react-hook-form';
import { useAlert } from '../../../components/alert/alert-context';
import { Form } from '../../../components/form/form';
import { FormField } from '../../../components/form/form-field';
import { TextLink } from '../../../components/layout/text-link';
import { paths } from '../../../config/paths';
import { ApiError } from '../../../lib/http';
import { useVerifyInvitationCode, type Invitation } from '../api/verify-invitation-code';
import { useDelayedCheck } from '../hooks/use-delayed-check';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';

const CODE_LENGTH = 6;
type CodeForm = UseFormReturn<{ invitationCode: string }, unknown, { invitationCode: string }>;

const HELP =
  'Your property manager or office administrator gives you a 6-character invitation code when your company joins. ' +
  'Ask them for it if you do not have one.';

/**
 * Step 1 of the enterprise wizard: the invitation code, checked 500 ms after its sixth character.
 * A valid code gives the role and the property manager; Next passes only a confirmed code.
 */
export function InvitationStep({ defaultValue, onNext }: { defaultValue: Invitation | null; onNext: (invitation: Invitation) => void }) {
  const alert = useAlert();
  const { mutateAsync } = useVerifyInvitationCode();
  const [confirmed, setConfirmed] = useState<Invitation | null>(defaultValue);
  const [checking, setChecking] = useState(false);
  const form = useRef<CodeForm | null>(null);

  async function check(code: string): Promise<Invitation | null> {
    setChecking(true);
    let invitation: Invitation | null;
    try {
      invitation = await mutateAsync(code);
    } catch (error) {
      if (error instanceof ApiError && error.errorcode === INVITATION_ERRORCODE.invalid) {
        invitation = null;
      } else {
        if (error instanceof ApiError && !error.isServiceFailure) void alert.show({ icon: 'error', title: MESSAGES.oopsTitle, text: error.message });
        return null;
      }
    } finally {
      setChecking(false);
    }
    if (form.current?.getValues('invitationCode') !== code) return null;
    setConfirmed(invitation);
    if (!invitation) {
      void alert.show({ icon: 'error', title: MESSAGES.oopsTitle, text: REGISTRATION_MESSAGES.invalidInvitationCode });
    }
    return invitation;
  }

  const delayed = useDelayedCheck((code) => void check(code));

  async function onSubmit({ invitationCode }: { invitationCode: string }) {
    if (confirmed?.code === invitationCode) return onNext(confirmed);
    delayed.cancel();
    const invitation = await check(invitationCode);
    if (invitation) onNext(invitation);
  }

  return (
    <Form
      schema="invitationStepSchema"
      defaultValues={{ invitationCode: defaultValue?.code ?? '' }}
      onSubmit={onSubmit}
      aria-label="Invitation code step"
    >
      {({ formState }) => (
        <>
          <CaptureForm formRef={form} />
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.5 }}>
            <StepHeading>Invitation code</StepHeading>
            <Tooltip title={HELP} enterTouchDelay={0} leaveTouchDelay={6000}>
              <IconButton aria-label="Where does my invitation code come from?" size="small" sx={{ mb: 2 }}>
                <HelpOutline fontSize="small" />
              </IconButton>
            </Tooltip>
          </Box>
          <Typography color="text.secondary">Enter the 6-character code your property manager gave you.</Typography>
          <CodeField
            confirmed={confirmed}
            checking={checking}
            onCodeTyped={(code) => {
              if (code.length === CODE_LENGTH && code !== confirmed?.code) delayed.schedule(code);
              else delayed.cancel();
            }}
          />
          <StepActions busy={checking || formState.isSubmitting} />
          <Typography color="text.secondary" sx={{ textAlign: 'center' }}>
            No invitation code? <TextLink to={paths.register.getHref()}>Register as an individual</TextLink>
          </Typography>
        </>
      )}
    </Form>
  );
}

function CaptureForm({ formRef }: { formRef: RefObject<CodeForm | null> }) {
  const methods = useFormContext<{ invitationCode: string }, unknown, { invitationCode: string }>();
  useEffect(() => {
    formRef.current = methods;
  }, [methods, formRef]);
  return null;
}

function CodeField({ confirmed, checking, onCodeTyped }: { confirmed: Invitation | null; checking: boolean; onCodeTyped: (code: string) => void }) {
  const code = useWatch<{ invitationCode: string }, 'invitationCode'>({ name: 'invitationCode' });
  const valid = confirmed !== null && confirmed.code === code;
  return (
    <FormField
      name="invitationCode"
      label="Invitation code"
      required
      autoComplete="off"
      maxLength={CODE_LENGTH}
      transform={(value) => {
        const typed = value.replace(/[^A-Za-z0-9]/g, '').slice(0, CODE_LENGTH);
        onCodeTyped(typed);
        return typed;
      }}
      endAdornment={
        checking ? (
          <CircularProgress size={20} aria-label="Checking the invitation code" />
        ) : valid ? (
          <CheckCircle color="success" titleAccess="Invitation code accepted" />
        ) : undefined
      }
      helperText={valid ? `Invitation from ${confirmed.bcm_company_name}` : undefined}
    />
  );
}
