import { CONTACT_LIMITS, CONTACT_MESSAGES, LIMITS, US_STATES, USPS_PICKUP_SERVICES, type MyAddress, type ShipmentDetail } from '@airbox/contract';
import Typography from '@mui/material/Typography';
import { AddressChoices, ChoiceButton } from '../../../components/address/address-choices';
import { ContactChoice } from '../../../components/address/contact-picker';
import { FieldGrid, Wide } from '../../../components/form/field-grid';
import { Form } from '../../../components/form/form';
import { FormField } from '../../../components/form/form-field';
import { FormPhoneField } from '../../../components/form/form-phone-field';
import { FormSelect } from '../../../components/form/form-select';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { addressLine } from '../../../lib/address-text';
import { addressFromContact, addressFromHub, addressFromLabel, type PickupAddressValues } from '../utils/draft';
import { PICKUP_TEXT } from '../utils/messages';

const STATE_OPTIONS = US_STATES.map((state) => ({ value: state.code, label: state.name }));
/** Pickups are in the United States only (spec 03 §3: Country, default USA). */
const COUNTRY_OPTIONS = [{ value: 'USA', label: 'United States' }];
const SERVICE_OPTIONS = USPS_PICKUP_SERVICES.map((service) => ({ value: service, label: service }));

/**
 * Step 2, Pickup Address (spec 03 §3 Pickup address form, §5): the label's ship-from address (where
 * the form starts when it is known), the locker address (getMyAddress's hub, with the customer as
 * the person asked for), a contact of My Contacts (the picker: 5 a page,
 * the search stripped of special characters), or an address typed in; the USPS service too for a
 * USPS label. Checked by the contract's pickupAddressStepSchema or uspsPickupAddressStepSchema.
 */
export function PickupAddressStep({
  userId,
  usps,
  mine,
  shipFrom,
  defaultValues,
  onBack,
  onCancel,
  onNext,
}: {
  userId: number;
  usps: boolean;
  mine: readonly MyAddress[];
  /** The label's ship-from address (getShipmentDetail), once known. */
  shipFrom: ShipmentDetail['from_address'] | undefined;
  defaultValues: PickupAddressValues;
  onBack: (values: PickupAddressValues) => void;
  onCancel: () => void;
  onNext: (values: PickupAddressValues) => void;
}) {
  const hub = mine.find((address) => address.kind === 'hub');
  const home = mine.find((address) => address.kind === 'home');
  return (
    <Form
      schema={usps ? 'uspsPickupAddressStepSchema' : 'pickupAddressStepSchema'}
      defaultValues={defaultValues}
      onSubmit={(values) => onNext({ ...defaultValues, ...values })}
      aria-label="Pickup Address step"
    >
      {(methods) => {
        const current = () => ({ ...defaultValues, ...methods.getValues() }) as PickupAddressValues;
        // A chosen address fills the form as if typed (old errors go).
        const fill = (address: PickupAddressValues) => methods.reset(address);
        return (
          <>
            <StepHeading>Pickup Address</StepHeading>
            <AddressChoices>
              {shipFrom && (
                <ChoiceButton
                  label={PICKUP_TEXT.shipFromChoice}
                  detail={addressLine({ address1: shipFrom.street1, address2: shipFrom.street2, city: shipFrom.city, state: shipFrom.state, zipcode: shipFrom.zip })}
                  onClick={() => fill(addressFromLabel(shipFrom, current()))}
                />
              )}
              {hub && (
                <ChoiceButton
                  label={PICKUP_TEXT.lockerChoice}
                  detail={`${hub.company ? `${hub.company}, ` : ''}${addressLine(hub)}`}
                  onClick={() => fill(addressFromHub(hub, home, current()))}
                />
              )}
              <ContactChoice userId={userId} label={PICKUP_TEXT.contactsChoice} onPick={(contact) => fill(addressFromContact(contact, current()))} />
            </AddressChoices>
            <Typography color="text.secondary">{PICKUP_TEXT.typeAddress}</Typography>
            <FieldGrid>
              <FormField name="FirstName" label="First Name" required maxLength={CONTACT_LIMITS.short} autoComplete="given-name" />
              <FormField name="LastName" label="Last Name" required maxLength={CONTACT_LIMITS.short} autoComplete="family-name" />
              <FormField name="Company" label="Company" maxLength={CONTACT_LIMITS.short} autoComplete="organization" />
              <FormPhoneField name="Cell_phone_number" label="Cell Phone Number" required />
              <FormField name="Address_line_1" label="Address 1" required maxLength={CONTACT_LIMITS.long} autoComplete="address-line1" />
              <FormField name="Address_line_2" label="Address 2" maxLength={CONTACT_LIMITS.long} autoComplete="address-line2" />
              <FormField name="City" label="City" required maxLength={CONTACT_LIMITS.long} autoComplete="address-level2" />
              <FormSelect name="State_province_region" label="State" required options={STATE_OPTIONS} />
              <FormSelect name="Country" label="Country" required options={COUNTRY_OPTIONS} />
              <FormField name="Zip_code" label="Zip Code" required inputMode="numeric" maxLength={LIMITS.zipLength} autoComplete="postal-code" />
              {usps && (
                <Wide>
                  <FormSelect name="ServiceType" label="Carrier Service" required options={SERVICE_OPTIONS} />
                </Wide>
              )}
            </FieldGrid>
            <Typography variant="body2" color="text.secondary">
              {CONTACT_MESSAGES.requiredNote}
            </Typography>
            <StepActions onBack={() => onBack(current())} onCancel={onCancel} />
          </>
        );
      }}
    </Form>
  );
}
