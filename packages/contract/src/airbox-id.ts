/**
 * AirBox ID rules (spec 02 §5). An AirBox ID is 7 digits, not starting with 0.
 *
 * - Reserved: every digit the same (1111111).
 * - Continuous ("7 long and nearly all digits consecutive"), defined precisely here: at least 6
 *   of the 7 digits stand in one unbroken run in which each digit is the one before plus 1, or
 *   each is the one before minus 1, counting 9→0 and 0→9 as steps (so 8901234 is a run). Hence
 *   1234567, 7654321, 1234569, 9123456 and 8901234 are continuous; 1234657 and 1357913 are not.
 */
export const BOX_ID_PATTERN = /^[1-9]\d{6}$/;
export const CONTINUOUS_RUN_LENGTH = 6;

export function isReservedBoxId(boxId: string): boolean {
  return /^(\d)\1{6}$/.test(boxId);
}

export function isContinuousBoxId(boxId: string): boolean {
  if (!/^\d{7}$/.test(boxId)) return false;
  const digits = [...boxId].map(Number);
  for (const direction of [1, -1]) {
    let run = 1;
    for (let index = 1; index < digits.length; index += 1) {
      const step = (digits[index]! - digits[index - 1]! + 10) % 10;
      run = step === (direction + 10) % 10 ? run + 1 : 1;
      if (run >= CONTINUOUS_RUN_LENGTH) return true;
    }
  }
  return false;
}

export const BOX_ID_MESSAGES = {
  format: 'The AirBox ID must be 7 digits and cannot start with 0',
  reserved: 'This AirBox ID is reserved, please change another one',
  continuous: 'This AirBox ID is continuous, please change another one',
} as const;

/**
 * The first digits of the AirBox ID getBoxid suggests for a cell phone starting with these 3 digits.
 * An AirBox ID cannot start with 0, so a leading 0 gets a 1 in front ('012' → '1012'): the phone's
 * three digits still show in the id, which then has 3 free digits instead of 4. (US area codes
 * never start with 0 or 1, so this only matters for mistyped or foreign numbers.)
 */
export function boxIdPrefixFor(phoneFirstThree: string): string {
  if (!/^\d{3}$/.test(phoneFirstThree)) throw new Error('boxIdPrefixFor needs 3 digits');
  return phoneFirstThree.startsWith('0') ? `1${phoneFirstThree}` : phoneFirstThree;
}

/** The message for an AirBox ID that may not be chosen, or null when it may. */
export function boxIdProblem(boxId: string): string | null {
  if (!BOX_ID_PATTERN.test(boxId)) return BOX_ID_MESSAGES.format;
  if (isReservedBoxId(boxId)) return BOX_ID_MESSAGES.reserved;
  if (isContinuousBoxId(boxId)) return BOX_ID_MESSAGES.continuous;
  return null;
}
