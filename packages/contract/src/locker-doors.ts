/**
 * A door you can reach (issue 22 item 3). A customer who needs a compartment they can reach from
 * a wheelchair says so in their profile (the users' isHandicapped flag of spec 02 and 03, one name
 * for one thing); the locker events API answers it with each delivery so the controller picks a
 * low door, and the controller reports the door it used: its column and row, and whether it is a
 * low one. The pickup code's screens and the wallet pass then name the door.
 */

/** How high a low door's handle may be: the reach of someone seated in a wheelchair (ADA 308). */
export const LOW_DOOR_MAX_INCHES = 48;

/** The profile and registration switch, word for word on both. */
export const LOW_COMPARTMENT_PREFERENCE = {
  label: `I need a compartment I can reach from a wheelchair (below ${LOW_DOOR_MAX_INCHES} in)`,
  description: 'The locker puts your packages behind a low door when one is free, and tells you which door it used.',
} as const;

/** Bounds a locker bank's door can have: columns A to ZZ or 1 to 99, rows 1 to 99 (row 1 at the top). */
export const LOCKER_DOOR_LIMITS = { maxColumnNumber: 99, maxRow: 99 } as const;

/** A door as the controllers report it, read (locker-doors-calls.ts): its column as text ('B', '3'), its row, whether it is a low one. */
export interface LockerDoor {
  column: string;
  row: number;
  low: boolean;
}

/** A door's short name: 'B3' for lettered columns, '12-3' for numbered ones (so 1-23 and 12-3 differ). */
export function doorName(door: Pick<LockerDoor, 'column' | 'row'>): string {
  return /^\d+$/.test(door.column) ? `${door.column}-${door.row}` : `${door.column}${door.row}`;
}

/** The door in a line: 'Door B3 · low, wheelchair reachable' or 'Door B3 · high, above 48 in'. */
export function doorLine(door: LockerDoor): string {
  return `Door ${doorName(door)} · ${door.low ? 'low, wheelchair reachable' : `high, above ${LOW_DOOR_MAX_INCHES} in`}`;
}

/** Whether the customer needs a low door and the controller used a high one: the screens say so and offer help. */
export function doorOutOfReach(door: LockerDoor | null | undefined, needsLowCompartment: boolean): boolean {
  return needsLowCompartment && door != null && !door.low;
}

/**
 * What to tell a customer who needs a low door when the package went behind a high one: never a
 * dead end, the hub's phone when it has one.
 */
export function outOfReachAdvice(door: LockerDoor, hub: { name: string; phone: string }): string {
  const help = hub.phone
    ? `Call ${hub.name} at ${hub.phone} and someone will bring it to you or move it to a low door.`
    : `Ask the staff at ${hub.name} and someone will bring it to you or move it to a low door.`;
  return `Door ${doorName(door)} is above wheelchair reach: no low door was free when it was delivered. ${help}`;
}
