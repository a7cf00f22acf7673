import { SHIPMENT_MESSAGES, US_STATES, type AddressSuggestion } from '@airbox/contract';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { addressLine, type AddressLineParts } from '../../lib/address-text';

/** The texts of an address check beside the spec's 'Unable to verify address!'. */
export const ADDRESS_CHECK_TEXT = {
  verifyFailed: 'The address check did not answer. Please try again.',
  verified: 'The carrier recognises this address.',
  suggestion: 'The carrier suggests this spelling of the address.',
  /** 'The carrier suggests a different state.', '... a different street and ZIP code.' */
  different: (fields: readonly string[]) =>
    `The carrier suggests a different ${fields.length > 1 ? `${fields.slice(0, -1).join(', ')} and ${fields.at(-1)}` : fields[0]}.`,
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

/** What the customer entered and the carrier suggests for one part of an address, where they differ. */
export interface AddressChange {
  field: 'street' | 'city' | 'state' | 'ZIP code';
  entered: string;
  suggested: string;
}

const stateName = (code: string) => US_STATES.find((state) => state.code === code.trim().toUpperCase())?.name ?? code;
/** Compared as the carrier reads them: letter case and spacing aside. */
const same = (a: string, b: string) => a.replace(/\s+/g, ' ').trim().toUpperCase() === b.replace(/\s+/g, ' ').trim().toUpperCase();
const street = (line1: string, line2: string) => [line1, line2].filter((part) => part.trim() !== '').join(', ');

/**
 * The parts of an address the carrier's suggestion changes beyond letter case and spacing (a
 * ZIP+4 added is no change: the address keeps 5 digits), states by name; none when the carrier
 * only writes the address its way.
 */
export function addressChanges(entered: AddressLineParts, suggestion: AddressSuggestion): AddressChange[] {
  const parts: AddressChange[] = [
    { field: 'street', entered: street(entered.address1, entered.address2), suggested: street(suggestion.street1, suggestion.street2) },
    { field: 'city', entered: entered.city, suggested: suggestion.city },
    { field: 'state', entered: stateName(entered.state), suggested: stateName(suggestion.state) },
    { field: 'ZIP code', entered: entered.zipcode, suggested: suggestion.zip.slice(0, 5) },
  ];
  return parts.filter((part) => !same(part.entered, part.suggested));
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

/** Each part the suggestion changes, what was entered beside what the carrier suggests. */
function Changes({ changes }: { changes: readonly AddressChange[] }) {
  if (changes.length === 0) return null;
  return (
    <Box component="ul" aria-label="What the carrier changes" sx={{ listStyle: 'none', m: 0, my: 0.5, p: 0 }}>
      {changes.map((change) => (
        <li key={change.field}>
          <Box component="span" sx={{ fontWeight: 600 }}>
            {`${change.field.charAt(0).toUpperCase()}${change.field.slice(1)}: `}
          </Box>
          {`you entered ${change.entered || 'nothing'}; the carrier suggests ${change.suggested || 'nothing'}.`}
        </li>
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
  address,
  check,
  onAccept,
  onEdit,
}: {
  /** 'Sender', 'Pickup address'. */
  label: string;
  /** The person or company, and the address as typed. */
  name: string;
  address: AddressLineParts;
  check: AddressCheck;
  onAccept: () => void;
  onEdit: () => void;
}) {
  const suggestion = suggestionOf(check);
  const line = addressLine(address);
  const changes = suggestion ? addressChanges(address, suggestion) : [];
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
          <Changes changes={changes} />
        </Alert>
      )}
      {check.status === 'suggested' && (
        <Alert severity="info">
          {changes.length > 0 ? ADDRESS_CHECK_TEXT.different(changes.map((change) => change.field)) : ADDRESS_CHECK_TEXT.suggestion}
          <Changes changes={changes} />
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
