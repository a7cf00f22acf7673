import {
  CUSTOMS_CONTENTS_NAMES,
  CUSTOMS_CONTENTS_TYPES,
  CUSTOMS_LIMITS,
  NO_EEI_EXEMPTION,
  countryName,
  customsNeedsAes,
  customsRule,
  customsTotalValue,
  formatUsd,
  toCents,
} from '@airbox/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useFieldArray, useFormContext, useFormState, useWatch } from 'react-hook-form';
import { FieldGrid, Wide } from '../../../components/form/field-grid';
import { Form } from '../../../components/form/form';
import { FormField } from '../../../components/form/form-field';
import { FormSelect } from '../../../components/form/form-select';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { EMPTY_CUSTOMS_ITEM, customsValues, type CustomsItemValues, type CustomsValues } from '../utils/draft';
import { ReportValues } from './report-values';

const CONTENTS_OPTIONS = CUSTOMS_CONTENTS_TYPES.map((type) => ({ value: type, label: CUSTOMS_CONTENTS_NAMES[type] }));
const NON_DELIVERY_OPTIONS = [
  { value: 'return', label: 'Return it to me' },
  { value: 'abandon', label: 'Abandon it' },
];

/** A contract message ('items[1].value: the total value…') said as the field's own ('The total value…'); 'enter it' names the field. */
const describedAs = (label: string) => (message: string) => {
  const rule = customsRule(message);
  return rule === 'Enter it' ? `Enter the ${label.toLowerCase()}` : rule;
};

/** The items as typed, read loosely: what the EEL/PFC rule and the total need. */
function typedItems(items: readonly CustomsItemValues[] | undefined) {
  return (items ?? []).map((item) => ({ hs_tariff_number: item.hs_tariff_number ?? '', value: Number(item.value) > 0 ? Number(item.value) : 0 }));
}

/** One line of the declaration: what it is, how many, their total value and weight, its HS code and where it was made. */
function ItemFields({ index, canRemove, onRemove }: { index: number; canRemove: boolean; onRemove: () => void }) {
  const at = (field: keyof CustomsItemValues) => `items.${index}.${field}`;
  return (
    <Box component="fieldset" sx={{ border: 1, borderColor: 'divider', borderRadius: 1, m: 0, p: 2, minWidth: 0 }}>
      <Box component="legend" sx={{ px: 0.5, typography: 'subtitle2' }}>{`Item ${index + 1}`}</Box>
      <Box
        sx={{
          display: 'grid',
          gap: 2,
          alignItems: 'start',
          // Two columns on a phone, four from a tablet up: the description, quantity and value, then the weight, HS code and origin.
          gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', sm: 'repeat(4, minmax(0, 1fr))' },
        }}
      >
        <Box sx={{ gridColumn: { xs: '1 / -1', sm: 'span 2' } }}>
          <FormField name={at('description')} label="Description" required maxLength={255} autoComplete="off" describeError={describedAs('Description')} />
        </Box>
        <FormField name={at('quantity')} label="Quantity" required inputMode="numeric" maxLength={4} autoComplete="off" describeError={describedAs('Quantity')} />
        <FormField name={at('value')} label="Value (US$)" required inputMode="decimal" maxLength={9} autoComplete="off" helperText="For the quantity" describeError={describedAs('Value')} />
        <FormField name={at('weight')} label="Weight (oz)" required inputMode="decimal" maxLength={7} autoComplete="off" helperText="For the quantity" describeError={describedAs('Weight')} />
        <FormField name={at('hs_tariff_number')} label="HS code" inputMode="numeric" maxLength={13} autoComplete="off" helperText="6 to 10 digits" describeError={describedAs('HS code')} />
        <FormField
          name={at('origin_country')}
          label="Made in"
          required
          maxLength={2}
          autoComplete="off"
          transform={(value) => value.toUpperCase().replace(/[^A-Z]/g, '')}
          helperText="Country code: US, CN"
          describeError={describedAs('Country of origin')}
        />
      </Box>
      {canRemove && (
        <Button size="small" color="secondary" onClick={onRemove} sx={{ mt: 1 }} aria-label={`Remove item ${index + 1}`}>
          Remove
        </Button>
      )}
    </Box>
  );
}

/** The items, added and removed up to the contract's cap, with the declaration's total. */
function ItemsFields() {
  const { control } = useFormContext<CustomsValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'items' });
  const { errors } = useFormState({ control, name: 'items' });
  const items = useWatch({ control, name: 'items' });
  const listError = errors.items?.message ?? errors.items?.root?.message;
  const full = fields.length >= CUSTOMS_LIMITS.maxItems;
  return (
    <Box component="section" aria-labelledby="customs-items-heading" sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography id="customs-items-heading" variant="subtitle1" component="h4">
        What the parcel holds
      </Typography>
      {fields.map((field, index) => (
        <ItemFields key={field.id} index={index} canRemove={fields.length > 1} onRemove={() => remove(index)} />
      ))}
      {listError && (
        <Alert severity="error" role="alert">
          {describedAs('items')(listError)}
        </Alert>
      )}
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2 }}>
        <Button variant="outlined" onClick={() => append({ ...EMPTY_CUSTOMS_ITEM })} disabled={full}>
          Add an item
        </Button>
        <Typography variant="body2" color="text.secondary">
          {full ? `A declaration holds at most ${CUSTOMS_LIMITS.maxItems} items.` : `Total value: ${formatUsd(toCents(customsTotalValue(typedItems(items))))}`}
        </Typography>
      </Box>
    </Box>
  );
}

/** The EEL/PFC: the exemption while every HS group is worth $2,500 or less, else the AES ITN, asked. */
function ExportFiling() {
  const items = useWatch<CustomsValues, 'items'>({ name: 'items' });
  if (!customsNeedsAes(typedItems(items))) {
    return (
      <Typography variant="body2" color="text.secondary">
        {`EEL/PFC: ${NO_EEI_EXEMPTION} (no export filing: no HS group is worth more than $${CUSTOMS_LIMITS.noEeiMaxValueUsd.toLocaleString('en-US')}).`}
      </Typography>
    );
  }
  return (
    <FormField
      name="eel_pfc"
      label="AES ITN (EEL/PFC)"
      required
      maxLength={40}
      autoComplete="off"
      helperText={`Goods of one HS code worth more than $${CUSTOMS_LIMITS.noEeiMaxValueUsd.toLocaleString('en-US')} need an export filing in AES: enter its ITN, as AES X20261127123456.`}
      describeError={describedAs('AES ITN')}
    />
  );
}

/**
 * The Customs step (issue 25 item 3), shown for a parcel abroad only: the contents type (with an
 * explanation for 'Other'), the items, the EEL/PFC where one is needed, what to do with a parcel
 * that cannot be delivered, and the signer; checked by the contract's labelCustomsStepSchema,
 * each message beside its field.
 */
export function CustomsStep({
  country,
  defaultValues,
  onValues,
  onNext,
  onBack,
}: {
  /** The recipient's country (ISO 3166-1 alpha-2). */
  country: string;
  defaultValues: CustomsValues;
  onValues: (values: CustomsValues) => void;
  onNext: (values: CustomsValues) => void;
  onBack: () => void;
}) {
  return (
    <Form
      schema="labelCustomsStepSchema"
      // A contents type not chosen yet ('' in a saved order) shows as none chosen.
      defaultValues={{ ...defaultValues, contents_type: defaultValues.contents_type || undefined }}
      // The step keeps the declaration as the form shows it; the rates call checks it again.
      onSubmit={(declaration) => onNext(customsValues(declaration))}
      aria-label="Customs step"
    >
      {() => <CustomsFormBody country={country} onValues={onValues} onBack={onBack} />}
    </Form>
  );
}

function CustomsFormBody({ country, onValues, onBack }: { country: string; onValues: (values: CustomsValues) => void; onBack: () => void }) {
  const contentsType = useWatch<CustomsValues, 'contents_type'>({ name: 'contents_type' });
  return (
    <>
      <StepHeading>Customs declaration</StepHeading>
      <ReportValues onValues={onValues} />
      <Typography color="text.secondary">
        {`A parcel to ${countryName(country)} goes through customs: say what it holds. The carrier prints this declaration with the label.`}
      </Typography>
      <FieldGrid>
        <FormSelect name="contents_type" label="Contents" required options={CONTENTS_OPTIONS} />
        <FormSelect name="non_delivery_option" label="If it cannot be delivered" required options={NON_DELIVERY_OPTIONS} />
        {contentsType === 'other' && (
          <Wide>
            <FormField name="contents_explanation" label="What it holds" required maxLength={255} autoComplete="off" describeError={describedAs('Explanation')} />
          </Wide>
        )}
      </FieldGrid>
      <ItemsFields />
      <ExportFiling />
      <FormField
        name="customs_signer"
        label="Signed by"
        required
        maxLength={100}
        autoComplete="off"
        helperText="Your name: you certify that the declaration is correct."
        describeError={describedAs('Name of the signer')}
      />
      <StepActions onBack={onBack} />
    </>
  );
}
