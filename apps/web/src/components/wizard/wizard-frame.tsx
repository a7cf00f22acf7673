import Box from '@mui/material/Box';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';
import { useNarrow } from '../layout/use-narrow';
import { WizardContext, type Wizard } from './use-wizard';

/**
 * A wizard's card: its title and subtitle with an optional control beside them (a close link,
 * say), the stepper, a progress bar along the top while `busy`, and the current step.
 * `titleLevel` h2 puts the card under a page that has its own h1 (the signed-in top bar);
 * `compact` suits a wizard of many steps: on a phone the stepper becomes 'Step n of N: name'
 * with a progress bar, as the labels of every step no longer fit side by side.
 */
export function WizardFrame({
  wizard,
  title,
  subtitle,
  action,
  busy = false,
  busyLabel,
  titleLevel = 'h1',
  compact = false,
  children,
}: {
  wizard: Wizard;
  title: string;
  subtitle: string;
  action?: ReactNode;
  busy?: boolean;
  /** Names the progress bar, e.g. 'Sending your registration'. */
  busyLabel: string;
  titleLevel?: 'h1' | 'h2';
  compact?: boolean;
  children: ReactNode;
}) {
  const titleId = useId();
  const narrow = useNarrow();
  return (
    <Box
      component="section"
      aria-labelledby={titleId}
      sx={{
        position: 'relative',
        width: '100%',
        maxWidth: 760,
        mx: 'auto',
        borderRadius: 3,
        overflow: 'hidden',
        bgcolor: 'background.paper',
        color: 'text.primary',
        boxShadow: 8,
      }}
    >
      {busy && <LinearProgress aria-label={busyLabel} sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      <Box sx={{ p: { xs: 2.5, sm: 4 } }}>
        {/* The control wraps under the title when both do not fit (a phone): the title keeps its width. */}
        <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: '1 1 16rem', minWidth: 0 }}>
            <Typography id={titleId} variant="h1" component={titleLevel} gutterBottom>
              {title}
            </Typography>
            <Typography color="text.secondary">{subtitle}</Typography>
          </Box>
          {action}
        </Box>
        {compact && narrow ? (
          <Box role="group" aria-label="Steps" sx={{ my: 3 }}>
            <Typography aria-current="step" sx={{ fontWeight: 600, mb: 1 }}>
              Step {wizard.step + 1} of {wizard.steps.length}: {wizard.steps[wizard.step]}
            </Typography>
            <LinearProgress
              variant="determinate"
              aria-label={`Step ${wizard.step + 1} of ${wizard.steps.length}`}
              value={((wizard.step + 1) / wizard.steps.length) * 100}
            />
          </Box>
        ) : (
          <Stepper activeStep={wizard.step} alternativeLabel sx={{ my: { xs: 3, sm: 4 } }} aria-label="Steps">
            {wizard.steps.map((label, index) => (
              <Step key={label} completed={index < wizard.step}>
                <StepLabel
                  aria-current={index === wizard.step ? 'step' : undefined}
                  sx={{ '& .MuiStepLabel-label': { fontSize: { xs: '0.8rem', sm: '0.875rem' } } }}
                >
                  {wizard.canGoTo?.(index) ? (
                    // A done step the customer walked through: its name goes back to it. (MUI's
                    // StepButton would make the stepper a tab list, which these steps are not.)
                    <Link component="button" type="button" color="inherit" underline="always" onClick={() => wizard.goTo(index)} sx={{ font: 'inherit' }}>
                      {label}
                    </Link>
                  ) : (
                    label
                  )}
                </StepLabel>
              </Step>
            ))}
          </Stepper>
        )}
        <WizardContext value={wizard}>{children}</WizardContext>
      </Box>
    </Box>
  );
}
