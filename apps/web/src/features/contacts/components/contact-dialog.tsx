import {
  CONTACT_DEFAULT_COUNTRY,
  CONTACT_LIMITS,
  CONTACT_MESSAGES,
  LIMITS,
  formatPhoneDashed,
  stripPunctuation,
  type Contact,
  type ContactForm,
} from '@airbox/contract';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { FormDialog } from '../../../components/dialog/form-dialog';
import { FormCheckbox } from '../../../components/form/form-checkbox';
import { FormField } from '../../../components/form/form-field';
import { FormPhoneField } from '../../../components/form/form-phone-field';
import { FormSelect } from '../../../components/form/form-select';
import { EMPTY_ADDRESS } from '../../../lib/address-values';
import { useStates } from '../api/get-states';

export type ContactDialogMode = { mode: 'add' } | { mode: 'edit'; contact: Contact };

/** The dialog's values: empty for a new contact (country USA), the contact's own otherwise. */
export function contactValues(target: ContactDialogMode): ContactForm {
  if (target.mode === 'add') {
    return { name: '', ...EMPTY_ADDRESS, country: CONTACT_DEFAULT_COUNTRY };
  }
  const { id: _id, ...contact } = target.contact;
  return { ...contact, phone: formatPhoneDashed(contact.phone) };
}

/**
 * ADD CONTACT / EDIT CONTACT (spec 03 §2, §5): the contact form, checked field by field on blur;
 * punctuation is stripped as typed from the nickname, names and company. CANCEL or closing
 * clears it. `onSave` resolves once the call is done (the caller tells the outcome).
 */
export function ContactDialog({
  target,
  busy,
  onClose,
  onSave,
}: {
  target: ContactDialogMode | null;
  busy: boolean;
  onClose: () => void;
  onSave: (values: ContactForm) => Promise<void>;
}) {
  const states = useStates();
  const stateOptions = (states.data ?? []).map((state) => ({ value: state.code, label: state.name }));

  return (
    <FormDialog
      open={target !== null}
      title={target?.mode === 'edit' ? 'EDIT CONTACT' : 'ADD CONTACT'}
      schema="contactFormSchema"
      defaultValues={contactValues(target ?? { mode: 'add' })}
      onSubmit={(values) => onSave(values)}
      onCancel={onClose}
      busy={busy}
      wide
    >
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))' } }}>
        <FormField name="name" label="Nickname" required maxLength={CONTACT_LIMITS.long} transform={stripPunctuation} />
        <FormField name="company" label="Company" maxLength={CONTACT_LIMITS.short} transform={stripPunctuation} autoComplete="organization" />
        <FormField name="firstName" label="First Name" maxLength={CONTACT_LIMITS.short} transform={stripPunctuation} autoComplete="off" />
        <FormField name="lastName" label="Last Name" maxLength={CONTACT_LIMITS.short} transform={stripPunctuation} autoComplete="off" />
        <FormField name="address1" label="Address 1" required maxLength={CONTACT_LIMITS.long} autoComplete="off" />
        <FormField name="address2" label="Address 2" maxLength={CONTACT_LIMITS.long} autoComplete="off" />
        <FormField name="city" label="City" required maxLength={CONTACT_LIMITS.long} autoComplete="off" />
        <FormSelect name="state" label="State" required options={stateOptions} />
        <FormField name="zipcode" label="Zip Code" required inputMode="numeric" maxLength={LIMITS.zipLength} autoComplete="off" />
        <FormField name="country" label="Country" required maxLength={CONTACT_LIMITS.long} autoComplete="off" />
        <FormPhoneField name="phone" label="Phone Number" required autoComplete="off" />
        <FormField name="email" label="Email" type="email" maxLength={CONTACT_LIMITS.short} autoComplete="off" />
        <Box sx={{ gridColumn: { sm: '1 / -1' } }}>
          <FormCheckbox name="residential" label={CONTACT_MESSAGES.residential} />
        </Box>
      </Box>
      <Typography variant="body2" color="text.secondary">
        {CONTACT_MESSAGES.requiredNote}
      </Typography>
    </FormDialog>
  );
}
