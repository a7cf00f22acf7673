import { ACCOUNT_CAPS, API_ERRORCODE, SAVED_PACKAGE_ERRORCODE, SAVED_PACKAGE_MESSAGES, type SavedPackage, type savePackageCall } from '@airbox/contract';
import type { z } from 'zod';
import type { AppContext } from '../../context.js';
import type { Db } from '../../db/database.js';
import { AppError } from '../../errors.js';
import { deleteSavedPackage, insertSavedPackageWithinCap, listSavedPackages } from './saved-packages.repository.js';
import { toSavedPackage } from './saved-packages.wire.js';

/**
 * The customer's saved packages (issue 21 item 12), for the label page's Package step. Every call
 * names the owner: a package of someone else deletes as one that does not exist.
 */

type SavePackageInput = z.output<(typeof savePackageCall)['request']>;

export async function savedPackagesOf(db: Db, userId: number): Promise<SavedPackage[]> {
  return (await listSavedPackages(db, userId)).map(toSavedPackage);
}

/**
 * Keeps the parcel under its name: its id. Refused (409) when the customer has a package of that
 * name in any case (SAVED_PACKAGE_ERRORCODE.duplicateName), or keeps ACCOUNT_CAPS.savedPackages.
 */
export async function savePackage(deps: Pick<AppContext, 'db' | 'config'>, userId: number, input: SavePackageInput): Promise<number> {
  const { parcel } = input;
  const result = await insertSavedPackageWithinCap(deps.db, {
    user_id: userId,
    name: input.name,
    name_key: input.name.toLowerCase(),
    predefined_package: parcel.predefinedPackage,
    length_in: parcel.length,
    width_in: parcel.width,
    height_in: parcel.height,
    weight_oz: Math.round((parcel.weightLb * 16 + parcel.weightOz) * 10) / 10,
    created_at: deps.config.clock().toISOString(),
  });
  if (result.saved) return result.id;
  if (result.reason === 'full') throw new AppError(409, API_ERRORCODE.limitReached, SAVED_PACKAGE_MESSAGES.full(ACCOUNT_CAPS.savedPackages));
  throw new AppError(409, SAVED_PACKAGE_ERRORCODE.duplicateName, SAVED_PACKAGE_MESSAGES.duplicateName(input.name));
}

/** The deleted package's name; a 404 when the customer has no such package (nothing is deleted). */
export async function removeSavedPackage(db: Db, userId: number, packageId: number): Promise<string> {
  const name = await deleteSavedPackage(db, userId, packageId);
  if (name === undefined) throw new AppError(404, SAVED_PACKAGE_ERRORCODE.notFound, SAVED_PACKAGE_MESSAGES.notFound);
  return name;
}
