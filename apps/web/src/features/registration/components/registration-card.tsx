import Close from '@mui/icons-material/Close';
import IconButton from '@mui/material/IconButton';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { WizardFrame } from '../../../components/wizard/wizard-frame';
import type { Wizard } from '../../../components/wizard/use-wizard';
import { paths } from '../../../config/paths';

/** The registration wizards' frame: a close control back to login, a bar while the registration is sent. */
export function RegistrationCard({
  wizard,
  title,
  subtitle,
  sending,
  children,
}: {
  wizard: Wizard;
  title: string;
  subtitle: string;
  sending: boolean;
  children: ReactNode;
}) {
  return (
    <WizardFrame
      wizard={wizard}
      title={title}
      subtitle={subtitle}
      busy={sending}
      busyLabel="Sending your registration"
      action={
        <IconButton component={RouterLink} to={paths.login.getHref()} aria-label="Close and return to login" edge="end">
          <Close />
        </IconButton>
      }
    >
      {children}
    </WizardFrame>
  );
}
