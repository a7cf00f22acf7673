import { LABEL_RETURN_MESSAGES } from '@airbox/contract';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { type InputHTMLAttributes, useId } from 'react';

export const QR_CODE_CHOICE_TEXT = {
  legend: 'Printed label or QR code',
  printed: LABEL_RETURN_MESSAGES.printChoice,
  printedHelp: 'Print it on a 4×6 label or a letter sheet and tape it to the parcel.',
  qr: LABEL_RETURN_MESSAGES.qrChoice,
  qrHelp: LABEL_RETURN_MESSAGES.qrChoiceHelp,
} as const;

/**
 * Review and pay (issue 23 item 2), shown only for a carrier that makes one (USPS): a printed
 * label, or a QR code the Post Office counter scans to print it (no printer needed).
 */
export function QrCodeChoice({ qrCode, onChange }: { qrCode: boolean; onChange: (qrCode: boolean) => void }) {
  const legendId = useId();
  const helpId = useId();
  return (
    <FormControl component="fieldset" sx={{ py: 1, minWidth: 0 }}>
      <FormLabel component="legend" id={legendId} sx={{ color: 'text.primary', fontWeight: 500 }}>
        {QR_CODE_CHOICE_TEXT.legend}
      </FormLabel>
      <RadioGroup aria-labelledby={legendId} value={qrCode ? 'qr' : 'printed'} onChange={(event) => onChange(event.target.value === 'qr')}>
        <FormControlLabel value="printed" control={<Radio />} label={QR_CODE_CHOICE_TEXT.printed} />
        <FormControlLabel
          value="qr"
          control={<Radio slotProps={{ input: { 'aria-describedby': helpId } as InputHTMLAttributes<HTMLInputElement> }} />}
          label={QR_CODE_CHOICE_TEXT.qr}
        />
      </RadioGroup>
      <FormHelperText id={helpId} sx={{ mx: 0 }}>
        {qrCode ? QR_CODE_CHOICE_TEXT.qrHelp : QR_CODE_CHOICE_TEXT.printedHelp}
      </FormHelperText>
    </FormControl>
  );
}
