import { describe, expect, it } from 'vitest';
import { ALL_CALLS } from './calls.js';
import * as contract from './index.js';

const isCallDescriptor = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && 'method' in value && 'path' in value && 'request' in value && 'response' in value;

describe('ALL_CALLS', () => {
  it('lists every call descriptor the contract exports, under its export name', () => {
    const exported = Object.entries(contract).filter(([, value]) => isCallDescriptor(value));
    expect(exported.length).toBeGreaterThan(0);
    expect(Object.fromEntries(exported)).toEqual(ALL_CALLS);
  });
});

describe('successCodes', () => {
  const namedCodes = Object.entries(contract)
    .filter(([name]) => name.endsWith('_ERRORCODE'))
    .flatMap(([, table]) => Object.values(table as Record<string, number>));

  it.each(Object.entries(ALL_CALLS))('%s names its success errorcodes from an *_ERRORCODE table', (_name, call) => {
    expect(call.successCodes.length).toBeGreaterThan(0);
    for (const code of call.successCodes) expect(namedCodes).toContain(code);
  });
});
