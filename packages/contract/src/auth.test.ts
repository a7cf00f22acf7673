import { describe, expect, it } from 'vitest';
import { forgotPasswordFormSchema, loginFormSchema, resetPasswordFormSchema } from './auth.js';
import { MESSAGES } from './messages.js';

function messagesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  return (result.error?.issues ?? []).map((issue) => `${issue.path.join('.')}: ${issue.message}`);
}

describe('login form (spec 01 §5)', () => {
  it('accepts a valid e-mail and an 8-character password, trimming the e-mail', () => {
    const result = loginFormSchema.safeParse({ email: '  demo@example.com ', password: 'DemoPass1' });
    expect(result.success).toBe(true);
    expect(result.data?.email).toBe('demo@example.com');
  });

  it('requires both fields', () => {
    expect(messagesOf(loginFormSchema.safeParse({ email: '', password: '' }))).toEqual([
      `email: ${MESSAGES.emailRequired}`,
      `password: ${MESSAGES.passwordRequired}`,
    ]);
  });

  it('refuses an invalid e-mail and a password under 8 characters', () => {
    expect(messagesOf(loginFormSchema.safeParse({ email: 'demo@', password: 'short' }))).toEqual([
      `email: ${MESSAGES.emailInvalid}`,
      `password: ${MESSAGES.passwordTooShort}`,
    ]);
  });

  it('caps both fields at 255 characters', () => {
    const long = `${'a'.repeat(250)}@example.com`;
    expect(messagesOf(loginFormSchema.safeParse({ email: long, password: 'x'.repeat(256) }))).toEqual([
      `email: ${MESSAGES.fieldTooLong}`,
      `password: ${MESSAGES.fieldTooLong}`,
    ]);
    expect(loginFormSchema.safeParse({ email: 'a@b.co', password: 'x'.repeat(255) }).success).toBe(true);
  });
});

describe('forgot password form', () => {
  it.each(['', 'nobody', 'a@b'])('answers "Invalid email" for %j', (email) => {
    expect(messagesOf(forgotPasswordFormSchema.safeParse({ email }))).toEqual([`email: ${MESSAGES.invalidEmail}`]);
  });

  it('accepts an e-mail address', () => {
    expect(forgotPasswordFormSchema.safeParse({ email: 'demo@example.com' }).success).toBe(true);
  });
});

describe('reset password form', () => {
  it.each(['Abcdefg1', 'passWORD9', 'Zz1zzzzzzzzzz'])('accepts %j', (password) => {
    expect(resetPasswordFormSchema.safeParse({ password, retype: password }).success).toBe(true);
  });

  it.each(['Abcdef1', 'abcdefg1', 'ABCDEFG1', 'Abcdefgh', ''])('refuses %j with the spec message', (password) => {
    const issues = messagesOf(resetPasswordFormSchema.safeParse({ password, retype: password }));
    expect(issues).toContain(`password: ${MESSAGES.resetPasswordRule}`);
  });

  it('requires the retype to match', () => {
    expect(messagesOf(resetPasswordFormSchema.safeParse({ password: 'Abcdefg1', retype: 'Abcdefg2' }))).toEqual([
      `retype: ${MESSAGES.passwordsDoNotMatch}`,
    ]);
  });
});
