import { PARCEL_PRESETS, PREDEFINED_PACKAGES, predefinedPackageOf } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Form } from '../../../components/form/form';
import { FieldGrid, Wide } from '../../../components/form/field-grid';
import { FormField } from '../../../components/form/form-field';
import { FormSelect } from '../../../components/form/form-select';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { EMPTY_DRAFT, packageValues, type PackageValues } from '../utils/draft';
import { ReportValues } from './report-values';
import { SAVED_PACKAGE_TEXT, SavePackageDialog, SavedPackagePicker } from './saved-packages';

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
  ownBox: 'Your own box',
  /** Under a USPS Flat Rate package: its inside size, and what choosing it means. */
  flatRateHint: (size: string) =>
    `Inside ${size}. One USPS Priority Mail price whatever the distance, at any weight up to 70 lb: only USPS rates it, so you will see USPS rates only.`,
} as const;

const EMPTY_PARCEL = EMPTY_DRAFT.parcel;

/** The packaging choices: the customer's own box, then each USPS Flat Rate package by its one name. */
const PACKAGING_OPTIONS = PREDEFINED_PACKAGES.map((entry) => ({ value: entry.id, label: entry.name }));

/**
 * Step 3, Package: the customer's own box (length, width and height in inches; presets fill
 * common boxes and say what they set: a typical weight only when none was given, which the
 * customer is asked to correct) or a USPS Flat Rate package (its inside size shown, not asked),
 * and the weight in lb and oz (required, one or both). A saved package fills the step and says
 * what it filled; SAVE THIS PACKAGE keeps the step's parcel under a name.
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
  const [saving, setSaving] = useState<PackageValues | null>(null);
  return (
    <>
      <Form
        schema="labelPackageStepSchema"
        defaultValues={defaultValues}
        onSubmit={(parcel) =>
          onNext({
            predefinedPackage: parcel.predefinedPackage ?? '',
            // A Flat Rate package's sides are its own: not the customer's to give.
            length: parcel.predefinedPackage ? '' : String(parcel.length),
            width: parcel.predefinedPackage ? '' : String(parcel.width),
            height: parcel.predefinedPackage ? '' : String(parcel.height),
            weightLb: String(parcel.weightLb),
            weightOz: String(parcel.weightOz),
          })
        }
        aria-label="Package step"
      >
        {(methods) => {
          const carrierPackage = predefinedPackageOf(methods.watch('predefinedPackage'));
          return (
            <>
              <StepHeading>Package</StepHeading>
              <ReportValues onValues={onValues} />
              <SavedPackagePicker
                onChoose={(saved) => {
                  methods.reset(packageValues(saved));
                  setPresetNote(SAVED_PACKAGE_TEXT.filled(saved));
                  onValues(methods.getValues() as PackageValues);
                }}
                onNote={setPresetNote}
              />
              <FormSelect
                name="predefinedPackage"
                label="Packaging"
                emptyLabel={PRESET_TEXT.ownBox}
                options={PACKAGING_OPTIONS}
                helperText={carrierPackage ? PRESET_TEXT.flatRateHint(carrierPackage.size) : 'Or a USPS Flat Rate envelope or box: its size is not asked.'}
                onSelect={(value) => {
                  methods.setValue('predefinedPackage', value as PackageValues['predefinedPackage'], { shouldDirty: true });
                  // The weight's limit depends on the packaging: its message is checked again.
                  if (methods.getFieldState('weightLb').error) void methods.trigger('weightLb');
                  setPresetNote(null);
                }}
              />
              {!carrierPackage && (
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
                          predefinedPackage: '',
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
              )}
              {presetNote && (
                <Alert severity="info" role="status">
                  {presetNote}
                </Alert>
              )}
              <FieldGrid>
                {!carrierPackage && (
                  <>
                    <FormField name="length" label="Length" required inputMode="decimal" maxLength={6} transform={number} endAdornment="in" />
                    <FormField name="width" label="Width" required inputMode="decimal" maxLength={6} transform={number} endAdornment="in" />
                    <FormField name="height" label="Height" required inputMode="decimal" maxLength={6} transform={number} endAdornment="in" />
                    <Box />
                  </>
                )}
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
                      {carrierPackage ? `${PRESET_TEXT.weightHelp} USPS Flat Rate takes up to 70 lb.` : PRESET_TEXT.weightHelp}
                    </Typography>
                    <FieldGrid>
                      <FormField name="weightLb" label="Weight (lb)" inputMode="numeric" maxLength={3} transform={(value) => value.replace(/\D/g, '')} endAdornment="lb" />
                      <FormField name="weightOz" label="Weight (oz)" inputMode="decimal" maxLength={4} transform={number} endAdornment="oz" />
                    </FieldGrid>
                  </Box>
                </Wide>
              </FieldGrid>
              <Box>
                <Button
                  variant="outlined"
                  onClick={async () => {
                    // Only a package the step would take is saved: its errors show first.
                    if (await methods.trigger()) setSaving(methods.getValues() as PackageValues);
                  }}
                >
                  Save this package
                </Button>
              </Box>
              <StepActions onBack={onBack} />
            </>
          );
        }}
      </Form>
      {/* Outside the step's form: the dialog's own submit must not submit the step (React events bubble through portals). */}
      <SavePackageDialog
        open={saving !== null}
        parcel={saving ?? EMPTY_PARCEL}
        onClose={() => setSaving(null)}
        onSaved={(message) => {
          setSaving(null);
          setPresetNote(message);
        }}
      />
    </>
  );
}
