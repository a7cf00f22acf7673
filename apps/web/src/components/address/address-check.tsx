import { SHIPMENT_MESSAGES, type AddressSuggestion } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { addressLine } from '../../lib/address-text';

/** The texts of an address check beside the spec's 'Unable to verify address!'. */
export const ADDRESS_CHECK_TEXT = {
  verifyFailed: 'The address check did not answer. Please try again.',
  verified: 'The carrier recognises this address.',
  suggestion: 'The carrier suggests this spelling of the address.',
} as const;

/** What the carrier said of one address (validateAddress), and what the customer did about it. */
export type AddressCheck =
  | { status: 'verified' }
  | { status: 'accepted' }
  | { status: 'suggested'; suggestion: AddressSuggestion; reasons: readonly string[] }
  | { status: 'unverified'; reasons: readonly string[]; suggestion: AddressSuggestion | null }
  /** No answer, or a refusal the server explained (message: e.g. the account's hourly budget is spent). */
  | { status: 'failed'; message?: string };

/** An address may be used once the carrier recognised it or the customer took its suggestion. */
export const addressReady = (check: AddressCheck) =>
  check.status === 'verified' || check.status === 'accepted' || check.status === 'suggested';

/** validateAddress's data as an AddressCheck. */
export function addressCheckOf(data: { result: 0 | 1; suggestion: AddressSuggestion | null; reasons: readonly string[] }): AddressCheck {
  if (data.result === 1) return data.suggestion ? { status: 'suggested', suggestion: data.suggestion, reasons: data.reasons } : { status: 'verified' };
  return { status: 'unverified', reasons: data.reasons, suggestion: data.suggestion };
}

/** The suggestion an AddressCheck carries, if any. */
export const suggestionOf = (check: AddressCheck): AddressSuggestion | null =>
  check.status === 'suggested' || check.status === 'unverified' ? check.suggestion : null;

function AddressCard({ title, name, line }: { title: string; name: string; line: string }) {
  return (
    <Paper variant="outlined" sx={{ p: 2, flex: 1, minWidth: 0 }}>
      <Typography variant="subtitle2" component="h4">
        {title}
      </Typography>
      {name && <Typography>{name}</Typography>}
      <Typography sx={{ overflowWrap: 'anywhere' }}>{line}</Typography>
    </Paper>
  );
}

function Reasons({ reasons }: { reasons: readonly string[] }) {
  return (
    <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
      {reasons.map((reason) => (
        <li key={reason}>{reason}</li>
      ))}
    </Box>
  );
}

/**
 * One address as the carrier's check found it (validateAddress): recognised; or 'Unable to verify
 * address!' with the reasons; or a suggested correction shown beside what was typed, to accept
 * or to edit by hand. A region named by `label` with an h3 of it.
 */
export function AddressCheckPanel({
  label,
  name,
  line,
  check,
  onAccept,
  onEdit,
}: {
  /** 'Sender', 'Pickup address'. */
  label: string;
  /** The person or company, and the address as typed on one line. */
  name: string;
  line: string;
  check: AddressCheck;
  onAccept: () => void;
  onEdit: () => void;
}) {
  const suggestion = suggestionOf(check);
  return (
    <Box component="section" aria-label={label} sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Typography variant="h3" component="h3" sx={{ fontSize: '1.05rem', fontWeight: 600 }}>
        {label}
      </Typography>
      {(check.status === 'verified' || check.status === 'accepted') && (
        <>
          <Alert severity="success">{ADDRESS_CHECK_TEXT.verified}</Alert>
          <AddressCard title="Address" name={name} line={line} />
        </>
      )}
      {(check.status === 'unverified' || check.status === 'failed') && (
        <Alert severity="error" role="alert">
          <AlertTitle>{SHIPMENT_MESSAGES.unableToVerify}</AlertTitle>
          {check.status === 'failed' ? (check.message ?? ADDRESS_CHECK_TEXT.verifyFailed) : <Reasons reasons={check.reasons} />}
        </Alert>
      )}
      {check.status === 'suggested' && (
        <Alert severity="info">
          {ADDRESS_CHECK_TEXT.suggestion}
          {check.reasons.length > 0 && <Reasons reasons={check.reasons} />}
        </Alert>
      )}
      {suggestion && (
        <Box sx={{ display: 'flex', gap: 2, flexDirection: { xs: 'column', sm: 'row' } }}>
          <AddressCard title="You entered" name={name} line={line} />
          <AddressCard
            title="Suggested"
            name={name}
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
