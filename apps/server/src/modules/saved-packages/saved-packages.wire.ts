import { type SavedPackage, predefinedPackageOf } from '@airbox/contract';
import type { SavedPackageRow } from './saved-packages.table.js';

/** A saved package as the picker lists it: sizes in inches, weight in ounces. */
export function toSavedPackage(row: SavedPackageRow): SavedPackage {
  return {
    id: row.id,
    name: row.name,
    predefinedPackage: predefinedPackageOf(row.predefined_package)?.id ?? null,
    length: Number(row.length_in),
    width: Number(row.width_in),
    height: Number(row.height_in),
    weight: Number(row.weight_oz),
  };
}
