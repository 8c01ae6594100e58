import { ADMIN_PASSWORD_MIN, PASSWORD_MAX } from '../limits';

/** The password reset's texts, without zod: the login page shows them before it loads any. */
export const passwordResetMessages = {
  /** The same answer whether or not an admin has that address. */
  requested: 'If an admin account exists for that address, a reset link is on its way.',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  tooMany: 'Too many reset requests. Please try again later.',
  unavailable:
    'Password reset by e-mail is not set up on this server. Ask another administrator to reset it with the admin CLI.',
  invalidLink: 'This reset link is invalid or has expired.',
  passwordRequired: 'Password is required',
  passwordTooShort: `The password must be at least ${ADMIN_PASSWORD_MIN} characters.`,
  passwordTooLong: `The password must be at most ${PASSWORD_MAX} characters.`,
  passwordsDiffer: 'The two passwords do not match.',
  done: 'Your password has been changed. Sign in with the new password.',
  joined: 'Welcome to the hiring team: your password is set and you are signed in.',
  notInvitation: 'This link is not an open invitation.',
} as const;
