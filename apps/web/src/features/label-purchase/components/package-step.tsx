import { PARCEL_PRESETS } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Form } from '../../../components/form/form';
import { FieldGrid, Wide } from '../../../components/form/field-grid';
import { FormField } from '../../../components/form/form-field';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import type { PackageValues } from '../utils/draft';
import { ReportValues } from './report-values';

const number = (value: string) => value.replace(/[^\d.]/g, '');

type Preset = (typeof PARCEL_PRESETS)[number];

/** Whether a weight was given (more than 0 lb and oz together). */
const weighed = (values: PackageValues) => Number(values.weightLb || 0) * 16 + Number(values.weightOz || 0) > 0;

/** What a preset did, said under the presets: it never changes a weight without saying so. */
export const PRESET_TEXT = {
  weightSet: (preset: Preset) =>
    `${preset.name}: ${preset.length} × ${preset.width} × ${preset.height} in, and a typical weight of ${preset.weightLb} lb ${preset.weightOz} oz. Change the weight to what your package weighs.`,
  weightKept: (preset: Preset, values: PackageValues) =>
    `${preset.name}: ${preset.length} × ${preset.width} × ${preset.height} in. Your weight of ${values.weightLb || 0} lb ${values.weightOz || 0} oz is kept.`,
  weightHelp: 'Required: what the package weighs packed, in pounds, ounces or both.',
} as const;

/**
 * Step 3, Package: length, width and height in inches, the weight in lb and oz (required, one or
 * both); presets fill common boxes and say what they set: a typical weight only when none was
 * given, which the customer is asked to correct.
 */
export function PackageStep({
  defaultValues,
  onValues,
  onNext,
  onBack,
}: {
  defaultValues: PackageValues;
  onValues: (values: PackageValues) => void;
  onNext: (values: PackageValues) => void;
  onBack: () => void;
}) {
  const weightId = useId();
  const [presetNote, setPresetNote] = useState<string | null>(null);
  return (
    <Form
      schema="labelPackageStepSchema"
      defaultValues={defaultValues}
      onSubmit={(parcel) =>
        onNext({
          length: String(parcel.length),
          width: String(parcel.width),
          height: String(parcel.height),
          weightLb: String(parcel.weightLb),
          weightOz: String(parcel.weightOz),
        })
      }
      aria-label="Package step"
    >
      {(methods) => (
        <>
          <StepHeading>Package</StepHeading>
          <ReportValues onValues={onValues} />
          <Box role="group" aria-label="Common packages" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}>
            {PARCEL_PRESETS.map((preset) => (
              <Button
                key={preset.name}
                variant="outlined"
                size="small"
                sx={{ textTransform: 'none' }}
                onClick={() => {
                  const typed = methods.getValues() as PackageValues;
                  const keepWeight = weighed(typed);
                  methods.reset({
                    length: String(preset.length),
                    width: String(preset.width),
                    height: String(preset.height),
                    weightLb: keepWeight ? typed.weightLb : String(preset.weightLb),
                    weightOz: keepWeight ? typed.weightOz : String(preset.weightOz),
                  });
                  setPresetNote(keepWeight ? PRESET_TEXT.weightKept(preset, typed) : PRESET_TEXT.weightSet(preset));
                  onValues(methods.getValues() as PackageValues);
                }}
              >
                {`${preset.name} (${preset.length} × ${preset.width} × ${preset.height} in)`}
              </Button>
            ))}
          </Box>
          {presetNote && (
            <Alert severity="info" role="status">
              {presetNote}
            </Alert>
          )}
          <FieldGrid>
            <FormField name="length" label="Length" required inputMode="decimal" maxLength={6} transform={number} endAdornment="in" />
            <FormField name="width" label="Width" required inputMode="decimal" maxLength={6} transform={number} endAdornment="in" />
            <FormField name="height" label="Height" required inputMode="decimal" maxLength={6} transform={number} endAdornment="in" />
            <Box />
            <Wide>
              {/* One weight in two fields: the group is required, either field may be 0. */}
              <Box component="fieldset" aria-describedby={`${weightId}-help`} sx={{ border: 0, m: 0, p: 0, minWidth: 0 }}>
                <Typography component="legend" sx={{ fontWeight: 600, p: 0 }}>
                  Weight
                  <Box component="span" aria-hidden="true">
                    {' *'}
                  </Box>
                </Typography>
                <Typography id={`${weightId}-help`} variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
                  {PRESET_TEXT.weightHelp}
                </Typography>
                <FieldGrid>
                  <FormField name="weightLb" label="Weight (lb)" inputMode="numeric" maxLength={3} transform={(value) => value.replace(/\D/g, '')} endAdornment="lb" />
                  <FormField name="weightOz" label="Weight (oz)" inputMode="decimal" maxLength={4} transform={number} endAdornment="oz" />
                </FieldGrid>
              </Box>
            </Wide>
          </FieldGrid>
          <StepActions onBack={onBack} />
        </>
      )}
    </Form>
  );
}
