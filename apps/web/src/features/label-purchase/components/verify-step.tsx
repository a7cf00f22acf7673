import { SHIPMENT_MESSAGES } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { StepActions } from '../../../components/wizard/step-actions';
import { StepHeading } from '../../../components/wizard/step-heading';
import { addressLine, addressName, type AddressValues } from '../utils/draft';
import { LABEL_PURCHASE_TEXT } from '../utils/messages';

export interface SuggestedAddress {
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
}

/** What the carrier said of one address (validateAddress), and what the customer did about it. */
export type AddressCheck =
  | { status: 'verified' }
  | { status: 'accepted' }
  | { status: 'suggested'; suggestion: SuggestedAddress; reasons: readonly string[] }
  | { status: 'unverified'; reasons: readonly string[]; suggestion: SuggestedAddress | null }
  | { status: 'failed' };

export type Side = 'from' | 'to';

/** An address may be rated once the carrier recognised it or the customer took its suggestion. */
export const addressReady = (check: AddressCheck) =>
  check.status === 'verified' || check.status === 'accepted' || check.status === 'suggested';

/** The suggestion as an address step holds it (a ZIP+4 is kept to its 5 digits). */
export function applySuggestion<T extends AddressValues>(address: T, suggestion: SuggestedAddress): T {
  return {
    ...address,
    address1: suggestion.street1,
    address2: suggestion.street2,
    city: suggestion.city,
    state: suggestion.state,
    zipcode: suggestion.zip.slice(0, 5),
  };
}

function AddressCard({ title, name, line }: { title: string; name: string; line: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      {name && <Typography>{name}</Typography>}
      <Typography>{line}</Typography>
    </Paper>
  );
}

function SideCheck({
  label,
  address,
  check,
  onAccept,
  onEdit,
}: {
  label: string;
  address: AddressValues;
  check: AddressCheck;
  onAccept: () => void;
  onEdit: () => void;
}) {
  const suggestion = check.status === 'suggested' || check.status === 'unverified' ? check.suggestion : null;
  return (
    <Box component="section" aria-label={label} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {label}
      </Typography>
      {(check.status === 'verified' || check.status === 'accepted') && (
        <>
          <Alert severity="success">{LABEL_PURCHASE_TEXT.verified}</Alert>
          <AddressCard title="Address" name={addressName(address)} line={addressLine(address)} />
        </>
      )}
      {(check.status === 'unverified' || check.status === 'failed') && (
        <Alert severity="error" role="alert">
          <AlertTitle>{SHIPMENT_MESSAGES.unableToVerify}</AlertTitle>
          {check.status === 'failed' ? (
            LABEL_PURCHASE_TEXT.verifyFailed
          ) : (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {check.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {check.status === 'suggested' && (
        <Alert severity="info">
          {LABEL_PURCHASE_TEXT.suggestion}
          {check.reasons.length > 0 && (
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {check.reasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </Box>
          )}
        </Alert>
      )}
      {suggestion && (
        <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
          <AddressCard title="You entered" name={addressName(address)} line={addressLine(address)} />
          <AddressCard
            title="Suggested"
            name={addressName(address)}
            line={addressLine({ address1: suggestion.street1, address2: suggestion.street2, city: suggestion.city, state: suggestion.state, zipcode: suggestion.zip })}
          />
        </Box>
      )}
      {check.status !== 'verified' && check.status !== 'accepted' && (
        <Box sx={{ display: 'flex', gap: 1.5, flexWrap: 'wrap' }}>
          {suggestion && (
            <Button variant="contained" onClick={onAccept}>
              Use the suggested address
            </Button>
          )}
          <Button variant="outlined" onClick={onEdit}>
            {`Edit the ${label.toLowerCase()}`}
          </Button>
        </Box>
      )}
    </Box>
  );
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
      <SideCheck label="Sender" address={from} check={checks.from} onAccept={() => onAccept('from')} onEdit={() => onEdit('from')} />
      <SideCheck label="Recipient" address={to} check={checks.to} onAccept={() => onAccept('to')} onEdit={() => onEdit('to')} />
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
