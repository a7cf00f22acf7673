import { HOUR_MS } from '@airbox/contract';
import { randomBytes, randomInt } from 'node:crypto';
import {
  checkUspsAddress,
  checkUspsPickupRequest,
  dayOfWeekOf,
  firstUspsPickupDate,
  pickupDateProblem,
  type UspsAddress,
  type UspsEligibility,
  UspsError,
  type UspsErrorCode,
  type UspsPickup,
  type UspsPickupRequest,
  type UspsPickupsProvider,
  type UspsPickupStep,
  type UspsSchedulePickupBody,
  uspsPickupOf,
  uspsPickupRequestBody,
} from './usps-pickups-provider.js';
import { createMemoryUspsSimulatorStore, type SimulatedUspsPickup, type StoredUspsFailure, type UspsSimulatorStore } from './usps-simulator-store.js';

/** A pickup address with this ZIP Code is not eligible for carrier pickup (the simulator's test address). */
export const SIMULATOR_INELIGIBLE_ZIP = '00000';

/** USPS's ETag lasts an hour after it is handed out (Carrier Pickup 3.1, If-Match). */
export const ETAG_LIFETIME_MS = HOUR_MS;

/** What the simulator says, in the manner of USPS's error messages (USPS documents none word for word). */
export const SIMULATOR_DESCRIPTIONS = {
  notEligible: 'The address is not eligible for Carrier Pickup.',
  poBox: 'Carrier Pickup is not available for PO Box addresses.',
  notFound: 'No scheduled carrier pickup has this confirmation number.',
  staleEtag: 'The If-Match ETag does not match the current version of the carrier pickup. Get the pickup again.',
  expiredEtag: 'The If-Match ETag has expired. Get the pickup again.',
  datePassed: 'The carrier pickup can no longer be changed or cancelled: its pickup date has passed.',
} as const;

export interface SimulatorUspsPickupsProvider extends UspsPickupsProvider {
  readonly name: 'simulator';
  /**
   * The next call of `step` fails with this error: before doing anything, or with `afterEffect`
   * after doing it (a pickup scheduled whose answer was lost). Queued failures are used in
   * order. This process only (tests).
   */
  failNext(step: UspsPickupStep, error: UspsError | UspsErrorCode, options?: { afterEffect?: boolean }): void;
  /** The same, kept in the simulator's store, so every server using it fails the step's next call once. One per step. */
  failNextDurably(step: UspsPickupStep, code: UspsErrorCode, options?: { afterEffect?: boolean }): Promise<void>;
}

export function isUspsPickupsSimulator(provider: UspsPickupsProvider): provider is SimulatorUspsPickupsProvider {
  return provider.name === 'simulator';
}

const newEtag = () => randomBytes(20).toString('hex');
const newConfirmationNumber = () => `WTC${String(randomInt(100_000_000)).padStart(8, '0')}`;
const upper = (value: string | undefined) => (value?.trim() ? value.trim().toUpperCase() : undefined);

/** Why no carrier collects at the address, or null when one does. */
function ineligibility(address: UspsAddress): string | null {
  if (address.zip5.trim() === SIMULATOR_INELIGIBLE_ZIP) return SIMULATOR_DESCRIPTIONS.notEligible;
  if (/^\s*(p\.?\s*o\.?\s*box|post\s+office\s+box)\b/i.test(address.streetAddress)) return SIMULATOR_DESCRIPTIONS.poBox;
  return null;
}

/** The address as USPS standardizes it: upper case, trimmed. */
function standardized(body: UspsSchedulePickupBody): UspsSchedulePickupBody {
  const { address } = body.pickupAddress;
  return {
    ...body,
    pickupAddress: {
      ...body.pickupAddress,
      firm: upper(body.pickupAddress.firm),
      address: {
        streetAddress: upper(address.streetAddress) ?? '',
        secondaryAddress: upper(address.secondaryAddress),
        city: upper(address.city) ?? '',
        state: address.state,
        ZIPCode: address.ZIPCode,
      },
    },
  };
}

/**
 * The local USPS carrier pickup service (the default). It answers as USPS's Carrier Pickup 3.1
 * does: an address with ZIP Code 00000 or a PO Box is not eligible; a pickup is Monday to
 * Saturday, booked by 2:00 AM Central time on the day, up to a year ahead; confirmation numbers
 * are 'WTC' and 8 digits; every version of a pickup has an ETag (lasting an hour from the last
 * inquiry) that an update or a cancel must present; a cancelled pickup is gone. Any call can be
 * told to fail (failNext, failNextDurably).
 *
 * Its pickups live in a UspsSimulatorStore: the app's database (plugins/usps-pickups.ts), so a
 * restart forgets none and every server sees the same ones; in memory when none is given.
 */
export function createUspsPickupsSimulator(options: { clock: () => Date; store?: UspsSimulatorStore | undefined }): SimulatorUspsPickupsProvider {
  const { clock } = options;
  const store = options.store ?? createMemoryUspsSimulatorStore();
  const failures = new Map<UspsPickupStep, { error: UspsError; afterEffect: boolean }[]>();

  async function nextFailure(step: UspsPickupStep): Promise<{ error: UspsError; afterEffect: boolean } | undefined> {
    const queued = failures.get(step)?.shift();
    if (queued) return queued;
    const stored = await store.takeFailure(step);
    return stored ? { error: new UspsError(stored.code, stored.description), afterEffect: stored.afterEffect } : undefined;
  }

  async function run<T>(step: UspsPickupStep, action: () => T | Promise<T>): Promise<T> {
    const failure = await nextFailure(step);
    if (failure && !failure.afterEffect) throw failure.error;
    const result = await action();
    if (failure) throw failure.error;
    return result;
  }

  const answer = (pickup: SimulatedUspsPickup): UspsPickup => uspsPickupOf(pickup.confirmationNumber, pickup.pickupDate, pickup.carrierPickupRequest, pickup.etag);

  /** A checked request for this address and date, in USPS's words; NOT_ELIGIBLE or INVALID_REQUEST as USPS refuses one. */
  function acceptedBody(request: UspsPickupRequest, now: Date): UspsSchedulePickupBody {
    checkUspsPickupRequest(request);
    const refusal = ineligibility(request.address);
    if (refusal) throw new UspsError('NOT_ELIGIBLE', refusal);
    const dateProblem = pickupDateProblem(request.pickupDate, now);
    if (dateProblem) throw new UspsError('INVALID_REQUEST', dateProblem);
    return standardized(uspsPickupRequestBody(request));
  }

  /** The pickup an update or a cancel may change: scheduled, still ahead, and `eTag` its current, unexpired ETag. */
  async function changeable(confirmationNumber: string, eTag: string, now: Date): Promise<SimulatedUspsPickup> {
    const pickup = await store.get(confirmationNumber);
    if (!pickup || pickup.cancelled) throw new UspsError('NOT_FOUND', SIMULATOR_DESCRIPTIONS.notFound);
    if (eTag !== pickup.etag) throw new UspsError('PRECONDITION_FAILED', SIMULATOR_DESCRIPTIONS.staleEtag);
    if (now.getTime() - Date.parse(pickup.etagIssuedAt) > ETAG_LIFETIME_MS) throw new UspsError('PRECONDITION_FAILED', SIMULATOR_DESCRIPTIONS.expiredEtag);
    if (pickup.pickupDate < firstUspsPickupDate(now)) throw new UspsError('INVALID_REQUEST', SIMULATOR_DESCRIPTIONS.datePassed);
    return pickup;
  }

  /** Writes the changed pickup unless another change came first (its ETag moved on): then PRECONDITION_FAILED. */
  async function replace(changed: SimulatedUspsPickup, eTag: string, now: Date): Promise<void> {
    if (!(await store.replace(changed, eTag, now))) throw new UspsError('PRECONDITION_FAILED', SIMULATOR_DESCRIPTIONS.staleEtag);
  }

  return {
    name: 'simulator',

    checkEligibility: (address) =>
      run('checkEligibility', (): UspsEligibility => {
        checkUspsAddress(address);
        const refusal = ineligibility(address);
        if (refusal) return { eligible: false, description: refusal };
        const date = firstUspsPickupDate(clock());
        return {
          eligible: true,
          address: {
            firm: upper(address.firm),
            streetAddress: upper(address.streetAddress) ?? '',
            secondaryAddress: upper(address.secondaryAddress),
            city: upper(address.city) ?? '',
            state: address.state.trim().toUpperCase(),
            zip5: address.zip5.trim(),
            zipPlus4: null,
          },
          date,
          dayOfWeek: dayOfWeekOf(date),
        };
      }),

    schedule: (request) =>
      run('schedule', async () => {
        const now = clock();
        const body = acceptedBody(request, now);
        // A confirmation number taken already (one in 10^8) is drawn again.
        for (let attempt = 0; attempt < 5; attempt += 1) {
          const pickup: SimulatedUspsPickup = {
            confirmationNumber: newConfirmationNumber(),
            pickupDate: body.pickupDate,
            carrierPickupRequest: body,
            etag: newEtag(),
            etagIssuedAt: now.toISOString(),
            cancelled: false,
          };
          if (await store.insert(pickup, now)) return answer(pickup);
        }
        throw new UspsError('UNAVAILABLE', 'No confirmation number was free.');
      }),

    inquire: (confirmationNumber) =>
      run('inquire', async () => {
        // The ETag handed out lasts an hour from now; a change made meanwhile is read again.
        for (let attempt = 0; attempt < 3; attempt += 1) {
          const pickup = await store.get(confirmationNumber);
          if (!pickup || pickup.cancelled) return null;
          const now = clock();
          const issued = { ...pickup, etagIssuedAt: now.toISOString() };
          if (await store.replace(issued, pickup.etag, now)) return answer(issued);
        }
        throw new UspsError('UNAVAILABLE', 'The carrier pickup changed while it was read. Try again.');
      }),

    update: (confirmationNumber, eTag, request) =>
      run('update', async () => {
        const now = clock();
        const body = acceptedBody(request, now);
        const pickup = await changeable(confirmationNumber, eTag, now);
        const changed: SimulatedUspsPickup = { ...pickup, pickupDate: body.pickupDate, carrierPickupRequest: body, etag: newEtag(), etagIssuedAt: now.toISOString() };
        await replace(changed, eTag, now);
        return answer(changed);
      }),

    cancel: (confirmationNumber, eTag) =>
      run('cancel', async () => {
        const now = clock();
        const pickup = await changeable(confirmationNumber, eTag, now);
        await replace({ ...pickup, cancelled: true, etag: newEtag(), etagIssuedAt: now.toISOString() }, eTag, now);
      }),

    failNext(step, error, failOptions = {}) {
      const failure = typeof error === 'string' ? new UspsError(error, `Simulated ${error} in ${step}.`) : error;
      failures.set(step, [...(failures.get(step) ?? []), { error: failure, afterEffect: failOptions.afterEffect ?? false }]);
    },

    async failNextDurably(step, code, failOptions = {}) {
      const failure: StoredUspsFailure = { code, description: `Simulated ${code} in ${step}.`, afterEffect: failOptions.afterEffect ?? false };
      await store.putFailure(step, failure, clock());
    },
  };
}
