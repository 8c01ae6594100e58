import { z } from 'zod/mini';
import { ADMIN_PASSWORD_MIN, EMAIL_MAX, PASSWORD_MAX } from '../limits';
import { displayNameSchema } from '../team';
import { passwordResetMessages } from './password-reset-messages';

export { passwordResetMessages };

const m = passwordResetMessages;

/** `POST /api/auth/forgot`. */
export const forgotPasswordSchema = z.object({
  email: z
    .string({ error: m.emailRequired })
    .check(z.trim(), z.minLength(1, m.emailRequired), z.maxLength(EMAIL_MAX, m.emailInvalid), z.email(m.emailInvalid)),
});
export type ForgotPasswordInput = z.infer<typeof forgotPasswordSchema>;

/** A new admin password: the rule the admin CLI applies too. */
export const newPasswordSchema = z
  .string({ error: m.passwordRequired })
  .check(z.minLength(ADMIN_PASSWORD_MIN, m.passwordTooShort), z.maxLength(PASSWORD_MAX, m.passwordTooLong));

/** `POST /api/auth/reset`: the token from the link and the new password. */
export const resetPasswordSchema = z.object({
  token: z.string({ error: m.invalidLink }).check(z.minLength(1, m.invalidLink), z.maxLength(200, m.invalidLink)),
  password: newPasswordSchema,
  /** Asked when an invitation is accepted; a reset leaves the name as it was. */
  displayName: z.optional(displayNameSchema),
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/**
 * What `POST /api/auth/reset` answers: the address the login form starts with; for an invitation,
 * also the newcomer's session, so they go straight in.
 */
export type ResetAnswer = { message: string; email: string | null; token?: string };

/** `POST /api/auth/invitation`: the token from an invitation link. */
export const invitationLookupSchema = z.object({ token: resetPasswordSchema.shape.token });

const passwordTwice = { password: newPasswordSchema, confirm: z.string() };
const sameTwice = z.refine<{ password: string; confirm: string }>((v) => v.password === v.confirm, {
  message: m.passwordsDiffer,
  path: ['confirm'],
});

/** The reset form in the browser: the password typed twice. */
export const resetFormSchema = z.object(passwordTwice).check(sameTwice);
/** The same form for an invitation, which also asks the name the newcomer goes by. */
export const invitationFormSchema = z.object({ displayName: displayNameSchema, ...passwordTwice }).check(sameTwice);
export type ResetFormInput = z.infer<typeof resetFormSchema> & { displayName?: string };
