import { describe, expect, it } from 'vitest';
import { FORM_SCHEMAS } from './forms.js';
import * as contract from './index.js';

describe('FORM_SCHEMAS', () => {
  it('lists every form schema the contract exports, under its export name', () => {
    const exported = Object.entries(contract).filter(([name]) => /(Form|Step)Schema$/.test(name));
    expect(exported.length).toBeGreaterThan(0);
    expect(Object.fromEntries(exported)).toEqual(FORM_SCHEMAS);
  });
});
