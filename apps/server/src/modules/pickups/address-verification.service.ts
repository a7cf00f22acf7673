import type { AppContext } from '../../context.js';
import { CarrierError, type PostalAddress } from '../../providers/carriers/carriers-provider.js';
import { saveVerifiedAddress } from './pickups.repository.js';

export type AddressVerificationDeps = Pick<AppContext, 'db' | 'config' | 'carriers'>;

/** The carrier's spelling of an address, as validateAddress shows it beside the one typed. */
export interface AddressSuggestion {
  street1: string;
  street2: string;
  city: string;
  state: string;
  zip: string;
}

/**
 * What the carrier made of an address: refused (with its reasons), or deliverable under the
 * carrier's id for it, with its spelling when that differs from the one sent.
 */
export type AddressCheck =
  | { result: 'refused'; reasons: string[] }
  | { result: 'verified'; addressId: string; suggestion: AddressSuggestion | null; reasons: string[] };

/** Carrier failures that say the address itself is wrong, not that the service failed. */
const ADDRESS_REFUSALS = new Set(['ADDRESS.VERIFY.FAILURE', 'INVALID_REQUEST', 'NOT_FOUND']);

const sameText = (a: string | undefined, b: string | undefined) => (a ?? '').trim().toUpperCase() === (b ?? '').trim().toUpperCase();

/**
 * The carrier's spelling of an address: always when it corrected it ('suggestion'); for an
 * address verified as it is, only when its standard form differs beyond letter case.
 */
function suggestionOf(sent: PostalAddress, verified: PostalAddress, corrected: boolean): AddressSuggestion | null {
  const fields = ['street1', 'street2', 'city', 'state', 'zip'] as const;
  if (!corrected && fields.every((field) => sameText(sent[field], verified[field]))) return null;
  return { street1: verified.street1, street2: verified.street2 ?? '', city: verified.city, state: verified.state, zip: verified.zip };
}

/**
 * Asks the carrier to verify an address (validateAddress, for the label and pickup pages). A
 * deliverable one is kept for this user as the carrier has it, under the carrier's id:
 * createPickup's addressId names one of the user's own. A refusal of the address itself is an
 * answer; any other failure (the carrier's service, the database) is thrown.
 */
export async function verifyAndKeepAddress(deps: AddressVerificationDeps, userId: number, sent: PostalAddress): Promise<AddressCheck> {
  let verification;
  try {
    verification = await deps.carriers.verifyAddress(sent);
  } catch (error) {
    if (error instanceof CarrierError && ADDRESS_REFUSALS.has(error.code)) return { result: 'refused', reasons: error.details.reasons ?? [error.message] };
    throw error;
  }
  if (verification.result === 'refused') return { result: 'refused', reasons: verification.reasons };
  const verified = verification.address;
  await saveVerifiedAddress(deps.db, {
    address_id: verification.addressId,
    user_id: userId,
    name: sent.name,
    company: verified.company ?? '',
    street1: verified.street1,
    street2: verified.street2 ?? '',
    city: verified.city,
    state: verified.state,
    zip: verified.zip,
    phone: sent.phone,
    created_at: deps.config.clock().toISOString(),
  });
  return {
    result: 'verified',
    addressId: verification.addressId,
    suggestion: suggestionOf(sent, verified, verification.result === 'suggestion'),
    reasons: verification.result === 'suggestion' ? verification.reasons : [],
  };
}
