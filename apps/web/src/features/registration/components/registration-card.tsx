import Close from '@mui/icons-material/Close';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';

/**
 * The wizards' frame: the title, a close control back to login, the stepper, a progress bar while
 * the registration is sent, and the current step.
 */
export function RegistrationCard({
  title,
  subtitle,
  steps,
  activeStep,
  sending,
  children,
}: {
  title: string;
  subtitle: string;
  steps: readonly string[];
  activeStep: number;
  sending: boolean;
  children: ReactNode;
}) {
  return (
    <Box
      component="section"
      aria-labelledby="registration-title"
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
      {sending && <LinearProgress aria-label="Sending your registration" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />}
      <Box sx={{ p: { xs: 2.5, sm: 4 } }}>
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <Box sx={{ flex: 1, minWidth: 0 }}>
            <Typography id="registration-title" variant="h1" component="h1" gutterBottom>
              {title}
            </Typography>
            <Typography color="text.secondary">{subtitle}</Typography>
          </Box>
          <IconButton component={RouterLink} to={paths.login.getHref()} aria-label="Close and return to login" edge="end">
            <Close />
          </IconButton>
        </Box>
        <Stepper activeStep={activeStep} alternativeLabel sx={{ my: { xs: 3, sm: 4 } }} aria-label="Registration steps">
          {steps.map((label, index) => (
            <Step key={label} completed={index < activeStep}>
              <StepLabel
                aria-current={index === activeStep ? 'step' : undefined}
                sx={{ '& .MuiStepLabel-label': { fontSize: { xs: '0.8rem', sm: '0.875rem' } } }}
              >
                {label}
              </StepLabel>
            </Step>
          ))}
        </Stepper>
        {children}
      </Box>
    </Box>
  );
}
