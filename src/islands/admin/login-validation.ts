import { loginSchema, type LoginInput } from '~/lib/schemas/login';

export type LoginCheck = { data: LoginInput } | { errors: Partial<Record<keyof LoginInput, string>> };

/** The login form checked with the API's own schema: the parsed values, or the first message per field. */
export function checkLogin(values: LoginInput): LoginCheck {
  const result = loginSchema.safeParse(values);
  if (result.success) return { data: result.data };
  const errors: Partial<Record<keyof LoginInput, string>> = {};
  for (const issue of result.error.issues) {
    const name = issue.path[0];
    if (name === 'email' || name === 'password' || name === 'remember' || name === 'code')
      errors[name] ??= issue.message;
  }
  return { errors };
}
