/** Texts and the panel's look of 'Forgot password?', shared by the panel and its lazily loaded form. */
export const forgotTexts = {
  checking: 'Checking how passwords are reset here...',
  intro: 'Enter the e-mail address of your admin account. We will send a link to choose a new password.',
  failed: 'Failed to send the reset link. Try again later.',
  network: 'Server error. Please try again later.',
} as const;

export const panelClass = 'w-full rounded-xl border border-white/10 bg-ink-900 p-4 text-sm text-slate-300';
