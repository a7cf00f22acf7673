import { describe, expect, it } from 'vitest';
import { DEVICE_PROOF_MS, deviceProofOf, provesDevice } from './login-throttle.js';

describe('device proofs', () => {
  const owner = { user_id: 42, password_hash: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA' };
  const given = new Date('2026-11-28T12:00:00Z');
  const later = (ms: number) => new Date(given.getTime() + ms);
  const proof = deviceProofOf(owner, given);

  it('prove the account they were given for, with its password, for half a year', () => {
    expect(provesDevice(proof, owner, later(0))).toBe(true);
    expect(provesDevice(proof, owner, later(DEVICE_PROOF_MS - 1))).toBe(true);
    expect(provesDevice(proof, owner, later(DEVICE_PROOF_MS))).toBe(false);
  });

  it('prove nothing for another account, after the password changed, from the future, or missing', () => {
    expect(provesDevice(proof, { ...owner, user_id: 43 }, given)).toBe(false);
    expect(provesDevice(proof, { ...owner, password_hash: `${owner.password_hash}x` }, given)).toBe(false);
    expect(provesDevice(proof, owner, later(-1))).toBe(false);
    expect(provesDevice(undefined, owner, given)).toBe(false);
    expect(provesDevice('42', owner, given)).toBe(false);
  });
});
