import { describe, expect, it } from 'vitest';
import { SCAN_FORM_LIMITS, SCAN_FORM_MESSAGES, createScanFormCall, shipmentIdsField } from './scan-forms.js';

describe('a list of labels (issue 25 item 2)', () => {
  it('takes ids as a JSON list or joined with commas, each once', () => {
    expect(shipmentIdsField.parse([7, 8, 7])).toEqual([7, 8]);
    expect(shipmentIdsField.parse(['9', 10])).toEqual([9, 10]);
    expect(shipmentIdsField.parse('3,5,3')).toEqual([3, 5]);
  });

  it('refuses none, more than the most, a non-id and an id past int4, naming shipmentIds', () => {
    const tooMany = Array.from({ length: SCAN_FORM_LIMITS.labelsMax + 1 }, (_, index) => index + 1);
    for (const shipmentIds of [[], tooMany, ['x'], 'x', [0], [2_147_483_648], '1,\u0000']) {
      const result = createScanFormCall.request.safeParse({ shipmentIds });
      expect(result.success, JSON.stringify(shipmentIds).slice(0, 20)).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(['shipmentIds', ...(result.error?.issues[0]?.path.slice(1) ?? [])]);
    }
    expect(createScanFormCall.request.safeParse({ shipmentIds: tooMany.slice(1) }).success).toBe(true);
  });

  it('names a refused label by its order number, or by its id when it is none of the customer’s', () => {
    expect(SCAN_FORM_MESSAGES.refused([`${SCAN_FORM_MESSAGES.labelName('AB1', 3)}: ${SCAN_FORM_MESSAGES.notUsps}`, `${SCAN_FORM_MESSAGES.labelName(null, 9)}: x`])).toBe(
      'These labels cannot go on a scan form: Order AB1: not a USPS label (a scan form is for USPS labels); Label #9: x.',
    );
  });
});
