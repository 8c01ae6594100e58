import { z } from 'zod/mini';
import { EMAIL_MAX, PASSWORD_MAX } from '../limits';
import { blankAsEmpty } from './text';

export const loginMessages = {
  emailRequired: 'Email is required',
  passwordRequired: 'Password is required',
  invalidCredentials: 'Invalid email or password',
  success: 'Login successful',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  loggedOut: 'Logged out',
  twoFactorRequired: 'Enter the code from your authenticator app',
  invalidCode: 'That code is not right, or was already used',
} as const;

/** Admin login payload plus the Remember me choice (30 days vs 8 hours). */
export const loginSchema = z.object({
  email: z
    .string({ error: loginMessages.emailRequired })
    .check(
      blankAsEmpty,
      z.trim(),
      z.minLength(1, loginMessages.emailRequired),
      z.maxLength(EMAIL_MAX, loginMessages.invalidCredentials),
    ),
  password: z
    .string({ error: loginMessages.passwordRequired })
    .check(z.minLength(1, loginMessages.passwordRequired), z.maxLength(PASSWORD_MAX, loginMessages.invalidCredentials)),
  remember: z.optional(z.boolean()),
  /** The second step when two-factor sign-in is on: a six-digit code or a recovery code. */
  code: z.optional(z.string().check(z.trim(), z.maxLength(32, loginMessages.invalidCode))),
});

export type LoginInput = z.infer<typeof loginSchema>;

/** `POST /api/admin` success body. */
export type LoginResponse = { token: string; message: string };
/** `POST /api/admin` after the right password when two-factor sign-in is on: send it again with `code`. */
export type TwoFactorChallenge = { twoFactorRequired: true; message: string };
