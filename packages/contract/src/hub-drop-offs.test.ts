import { describe, expect, it } from 'vitest';
import { compartmentFor, dropOffCodeField, formatDropOffCode, normalizeDropOffCode } from './hub-drop-offs.js';
import { shipmentActions, shipmentStatus, statusTone } from './shipments.js';

describe('hub drop-offs (issue 23 item 1)', () => {
  it('puts a parcel in the smallest compartment that holds it, turned any way, and none when it is too big', () => {
    expect(compartmentFor({ length: 4, width: 12, height: 16 })).toBe('small');
    expect(compartmentFor({ length: 12, width: 10, height: 6 })).toBe('medium');
    expect(compartmentFor({ length: 15, width: 15, height: 12 })).toBe('large');
    expect(compartmentFor({ length: 24, width: 18, height: 18 })).toBe('xlarge');
    expect(compartmentFor({ length: 30, width: 20, height: 20 })).toBeNull();
  });

  it('reads a code whatever its case, spaces and dash, and refuses one of the wrong letters or length', () => {
    expect(normalizeDropOffCode(' 7kq2m-xw9pd ')).toBe('7KQ2MXW9PD');
    expect(formatDropOffCode('7kq2mxw9pd')).toBe('7KQ2M-XW9PD');
    expect(dropOffCodeField.parse('7kq2m xw9pd')).toBe('7KQ2MXW9PD');
    // 0, 1, I and O are not in the alphabet: they read alike.
    expect(dropOffCodeField.safeParse('7KQ2MXW9P0').success).toBe(false);
    expect(dropOffCodeField.safeParse('7KQ2MXW9P').success).toBe(false);
  });

  it("reads 'Dropped off at <hub>' until the carrier's first scan, with no pickup to schedule", () => {
    const row = { status_flag: '1', easypostStatus: 'pre_transit', rateCarrier: 'USPS', dropOff: { state: 'dropped_off', hubName: 'AirBox Mission' } };
    expect(shipmentStatus(row)).toBe('Dropped off at AirBox Mission');
    expect(statusTone('Dropped off at AirBox Mission')).toBe('info');
    expect(shipmentActions(row).pickup).toBeNull();
    expect(shipmentStatus({ ...row, easypostStatus: 'in_transit' })).toBe('in transit');
    expect(shipmentStatus({ ...row, dropOff: { state: 'waiting', hubName: 'AirBox Mission' } })).toBe('label created');
    expect(shipmentActions({ ...row, easypostStatus: '', dropOff: null }).pickup).toBe('schedule');
  });
});
