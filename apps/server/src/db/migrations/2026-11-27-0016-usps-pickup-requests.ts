import type { Kysely } from 'kysely';

/**
 * pickups.usps_request: the request a USPS pickup was scheduled with (the provider's
 * UspsPickupRequest as JSON), written with the booking row before USPS is asked (issue 19). USPS
 * takes no idempotency key and finds a pickup by its confirmation number only, so when the
 * answer is lost the portal sends this same request again, and USPS refuses a second pickup at
 * the address ('Pickup already exists for this address.') if the first went through.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pickups').addColumn('usps_request', 'text').execute();
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations stay frozen in time
export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('pickups').dropColumn('usps_request').execute();
}
