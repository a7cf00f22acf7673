import { LABEL_FORMAT_INFO, LABEL_FORMAT_MESSAGES, LABEL_FORMATS, type LabelFormatId } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { answerMessage } from '../../../lib/http';
import { useLabelFormat, useSaveLabelFormat } from '../../../lib/label-format';

/**
 * My Profile's "Label format" (issue 23 item 4): how Purchased Labels opens, prints and downloads
 * a label. Kept on the server as soon as it is chosen (it is not a sensitive change: no password).
 */
export function LabelFormatSetting() {
  const current = useLabelFormat();
  const save = useSaveLabelFormat();
  const [chosen, setChosen] = useState<LabelFormatId | null>(null);
  const [said, setSaid] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);
  const value = chosen ?? current.format;

  const choose = async (format: LabelFormatId) => {
    setChosen(format);
    setSaid(null);
    try {
      const answer = await save.mutateAsync(format);
      setSaid({ severity: 'success', text: LABEL_FORMAT_MESSAGES.saved(answer.labelFormat) });
    } catch (error) {
      setChosen(null);
      setSaid({ severity: 'error', text: answerMessage(error) ?? 'Your label format could not be saved. Try again.' });
    }
  };

  return (
    <Paper component="section" aria-labelledby="label-format-title" variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id="label-format-title" component="h2" variant="h6">
        Label format
      </Typography>
      <Typography id="label-format-hint" variant="body2" color="text.secondary" sx={{ mt: 0.5, mb: 1.5 }}>
        How your shipping labels open, print and download on Purchased Labels. You can still pick another format for one download.
      </Typography>
      <RadioGroup
        aria-labelledby="label-format-title"
        aria-describedby="label-format-hint"
        name="labelFormat"
        value={value}
        onChange={(_event, next) => void choose(next as LabelFormatId)}
      >
        {LABEL_FORMATS.map((format) => (
          <FormControlLabel
            key={format}
            value={format}
            disabled={current.isPending}
            control={<Radio />}
            sx={{ alignItems: 'flex-start', mb: 0.5, '& .MuiRadio-root': { pt: 0.5 } }}
            label={
              <>
                <Typography component="span" sx={{ display: 'block', fontWeight: 600 }}>
                  {LABEL_FORMAT_INFO[format].name}
                </Typography>
                <Typography component="span" variant="body2" color="text.secondary" sx={{ display: 'block' }}>
                  {LABEL_FORMAT_INFO[format].hint}
                </Typography>
              </>
            }
          />
        ))}
      </RadioGroup>
      {said && (
        <Alert severity={said.severity} role={said.severity === 'error' ? 'alert' : 'status'} sx={{ mt: 1 }}>
          {said.text}
        </Alert>
      )}
    </Paper>
  );
}
