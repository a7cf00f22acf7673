import { hubAddress, type HubOption } from '@airbox/contract';

export interface MailingAddressInput {
  firstName: string;
  lastName: string;
  boxId: string;
  hub: HubOption | null;
  /** Roles 15 and 16: the company's name, from the company info call. */
  companyName?: string | null;
}

/**
 * The address a customer gives senders so parcels reach their locker: their name, the company
 * for business users, the hub's street with '#{AirBox ID}', then the hub's city, state and zip.
 * Without a hub only the name and AirBox ID lines can be given.
 */
export function mailingAddressLines({ firstName, lastName, boxId, hub, companyName }: MailingAddressInput): string[] {
  const lines = [`${firstName} ${lastName}`.trim()];
  if (companyName?.trim()) lines.push(companyName.trim());
  if (!hub) {
    lines.push(`AirBox ID #${boxId}`);
    return lines;
  }
  lines.push(`${hub.address || hub.business_name} #${boxId}`);
  lines.push([hub.city, [hub.state, hub.zip_code].filter(Boolean).join(' ')].filter(Boolean).join(', '));
  return lines.filter(Boolean);
}

/** The delivery hub on two lines: its name, then its address. */
export function hubLines(hub: HubOption): string[] {
  return [hub.business_name, hubAddress(hub)].filter(Boolean);
}
