import type { AddressSuggestion } from '@airbox/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { AddressCheckPanel, addressReady, type AddressCheck } from '../../../components/address/address-check';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { addressName } from '../../../lib/address-text';
import type { AddressValues } from '../../../lib/address-values';

export type Side = 'from' | 'to';

/** The suggestion as an address step holds it (a ZIP+4 is kept to its 5 digits). */
export function applySuggestion<T extends AddressValues>(address: T, suggestion: AddressSuggestion): T {
  return {
    ...address,
    address1: suggestion.street1,
    address2: suggestion.street2,
    city: suggestion.city,
    state: suggestion.state,
    // A ZIP+4 keeps its five digits; a postal code abroad is as the carrier wrote it (issue 25 item 3).
    zipcode: (address.country ?? 'US') === 'US' ? suggestion.zip.slice(0, 5) : suggestion.zip,
  };
}

/**
 * Step 5, Verify: each address as the carrier's check found it (validateAddress). An address it
 * could not verify shows 'Unable to verify address!' with the reasons; a suggested correction is
 * shown beside what was typed, to accept (the form takes it) or to edit by hand.
 */
export function VerifyStep({
  from,
  to,
  checks,
  busy,
  onAccept,
  onEdit,
  onRetry,
  onBack,
  onNext,
}: {
  from: AddressValues;
  to: AddressValues;
  checks: Record<Side, AddressCheck>;
  busy: boolean;
  onAccept: (side: Side) => void;
  onEdit: (side: Side) => void;
  onRetry: () => void;
  onBack: () => void;
  onNext: () => void;
}) {
  const ready = addressReady(checks.from) && addressReady(checks.to);
  const failed = checks.from.status === 'failed' || checks.to.status === 'failed';
  return (
    <Box
      component="form"
      aria-label="Verify step"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (ready) onNext();
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 3 }}
    >
      <StepHeading>Verify addresses</StepHeading>
      <AddressCheckPanel
        label="Sender"
        name={addressName(from)}
        address={from}
        check={checks.from}
        onAccept={() => onAccept('from')}
        onEdit={() => onEdit('from')}
      />
      <AddressCheckPanel
        label="Recipient"
        name={addressName(to)}
        address={to}
        check={checks.to}
        onAccept={() => onAccept('to')}
        onEdit={() => onEdit('to')}
      />
      {failed && (
        <Box>
          <Button onClick={onRetry} disabled={busy}>
            Check again
          </Button>
        </Box>
      )}
      <StepActions onBack={onBack} nextLabel="Get rates" busy={busy} nextDisabled={!ready} />
    </Box>
  );
}
