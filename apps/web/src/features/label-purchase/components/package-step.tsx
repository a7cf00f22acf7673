import { PARCEL_PRESETS } from '@airbox/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { Form } from '../../../components/form/form';
import { FieldGrid } from '../../../components/form/field-grid';
import { FormField } from '../../../components/form/form-field';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import type { PackageValues } from '../utils/draft';
import { ReportValues } from './report-values';

const number = (value: string) => value.replace(/[^\d.]/g, '');

/** Step 3, Package: length, width and height in inches, the weight in lb and oz; presets fill common boxes. */
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
                  methods.reset({
                    length: String(preset.length),
                    width: String(preset.width),
                    height: String(preset.height),
                    weightLb: String(preset.weightLb),
                    weightOz: String(preset.weightOz),
                  });
                  onValues(methods.getValues() as PackageValues);
                }}
              >
                {`${preset.name} (${preset.length} × ${preset.width} × ${preset.height} in)`}
              </Button>
            ))}
          </Box>
          <FieldGrid>
            <FormField name="length" label="Length" required inputMode="decimal" maxLength={6} transform={number} endAdornment="in" />
            <FormField name="width" label="Width" required inputMode="decimal" maxLength={6} transform={number} endAdornment="in" />
            <FormField name="height" label="Height" required inputMode="decimal" maxLength={6} transform={number} endAdornment="in" />
            <Box />
            <FormField name="weightLb" label="Weight (lb)" inputMode="numeric" maxLength={3} transform={(value) => value.replace(/\D/g, '')} endAdornment="lb" />
            <FormField name="weightOz" label="Weight (oz)" inputMode="decimal" maxLength={4} transform={number} endAdornment="oz" />
          </FieldGrid>
          <StepActions onBack={onBack} />
        </>
      )}
    </Form>
  );
}
