import { z } from 'zod';
import { LIMITS } from './constants.js';
import { emailField, strongPasswordField, textField } from './fields.js';
import { MESSAGES } from './messages.js';

/** The login form (spec 01 §5): e-mail and password, both at most 255. */
export const loginFormSchema = z.object({
  email: emailField(),
  password: textField
    .min(1, { message: MESSAGES.passwordRequired, abort: true })
    .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
    .max(LIMITS.fieldMax, MESSAGES.fieldTooLong),
});
export type LoginForm = z.infer<typeof loginFormSchema>;

/** Forgot password: one e-mail, message 'Invalid email'. */
export const forgotPasswordFormSchema = z.object({
  email: emailField({ required: MESSAGES.invalidEmail, invalid: MESSAGES.invalidEmail }),
});
export type ForgotPasswordForm = z.infer<typeof forgotPasswordFormSchema>;

/** The reset rule, also enforced by the server on GET /app/v1/resetPassword. */
export const resetPasswordField = strongPasswordField(MESSAGES.resetPasswordRule);

export const resetPasswordFormSchema = z
  .object({
    password: resetPasswordField,
    retype: textField.min(1, MESSAGES.retypePassword),
  })
  .refine((form) => form.password === form.retype, {
    path: ['retype'],
    message: MESSAGES.passwordsDoNotMatch,
  });
export type ResetPasswordForm = z.infer<typeof resetPasswordFormSchema>;
