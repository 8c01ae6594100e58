import { Hono, type Context } from 'hono';
import { requestMessages } from '~/lib/schemas';
import {
  codeBodySchema,
  passwordBodySchema,
  twoFactorMessages,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '~/lib/two-factor';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { confirmTotpEnrolment, countRecoveryCodes, disableTotp, findAdminById, startTotpEnrolment } from '../../db';
import type { AdminRow } from '../../db/schema';
import { apiError } from '../../errors';
import { bearerToken, roleGuard } from '../../middleware/auth';
import { rateLimiter, retryAfter } from '../../middleware/rate-limit';
import { jsonBody } from '../../middleware/validate';
import { auditRequest } from '../../services/audit';
import { teamRequiresTwoFactor } from '../../services/two-factor-rule';
import { signToken, verifyToken } from '../../services/jwt';
import { verifyPassword } from '../../services/password';
import { refuseWhileLocked, secondFactorChecker } from './second-factor';
import { newRecoveryCodes, newTotpSecret, totpStep, totpUri } from './totp';
import { twoFactorVault } from '../../services/two-factor-vault';

/**
 * `/account/2fa`: the signed-in admin's own two-factor sign-in. `POST /setup` keeps a new key
 * until `POST /confirm` proves the authenticator has it, which turns it on, ends the account's
 * other sessions and answers ten recovery codes, once. `POST /disable` needs a current code. All
 * three take the current password, so a session alone cannot change it; password guesses share a
 * per-admin limit, and codes on `/disable` count against the account's limit of wrong codes.
 */
export function twoFactorRoutes(services: Runtime) {
  const { db, config } = services;
  const requireRole = roleGuard(services);
  const guesses = rateLimiter(services, '2fa-admin', config.rateLimits.loginPerEmail);
  const vault = twoFactorVault(config.twoFactorKey);
  const checkSecondFactor = secondFactorChecker(services);

  const me = async (c: { var: AppEnv['Variables'] }) => {
    const id = c.var.admin?.id ?? 0;
    return { id, row: await findAdminById(db, id) };
  };

  /**
   * Counts the attempt, then checks the current password: the admin's row when it is right, else
   * the answer to send (429 past the limit, 403 for a wrong password, which is audited). Not 401:
   * that would end the session of someone who mistyped.
   */
  const withPassword = async (
    c: Context<AppEnv>,
    password: string,
  ): Promise<{ id: number; row: AdminRow } | { refused: Response }> => {
    const { id, row } = await me(c);
    if (!row) return { refused: apiError(c, 404, requestMessages.notFound) };
    const guess = await guesses.hit(String(id));
    if (!guess.allowed) {
      retryAfter(c, guess);
      return { refused: apiError(c, 429, twoFactorMessages.tooMany) };
    }
    if (!(await verifyPassword(password, row.password_hash))) {
      await auditRequest(services, c, 'two_factor.password_failed');
      return {
        refused: apiError(c, 403, twoFactorMessages.passwordWrong, { password: twoFactorMessages.passwordWrong }),
      };
    }
    return { id, row };
  };

  const wrongCode = async (c: Context<AppEnv>) => {
    await auditRequest(services, c, 'two_factor.code_failed');
    return apiError(c, 400, twoFactorMessages.codeInvalid, { code: twoFactorMessages.codeInvalid });
  };

  return new Hono<AppEnv>()
    .get('/', requireRole('viewer'), async (c) => {
      const { id, row } = await me(c);
      const body: TwoFactorStatus = {
        enabled: Boolean(row?.totp_secret),
        recoveryCodesLeft: row?.totp_secret ? await countRecoveryCodes(db, id) : 0,
        requiredByTeam: await teamRequiresTwoFactor(db),
      };
      return c.json(body);
    })
    .post('/setup', requireRole('viewer'), jsonBody(passwordBodySchema), async (c) => {
      const account = await withPassword(c, c.req.valid('json').password);
      if ('refused' in account) return account.refused;
      if (account.row.totp_secret) return apiError(c, 409, twoFactorMessages.alreadyOn);
      const secret = newTotpSecret();
      await startTotpEnrolment(db, account.id, vault.encrypt(secret));
      await guesses.reset(String(account.id));
      const body: TwoFactorSetup = { secret, uri: totpUri(secret, account.row.email) };
      return c.json(body);
    })
    .post('/confirm', requireRole('viewer'), jsonBody(codeBodySchema), async (c) => {
      const { code, password } = c.req.valid('json');
      const account = await withPassword(c, password);
      if ('refused' in account) return account.refused;
      const pending = account.row.totp_pending_secret;
      if (!pending) return apiError(c, 409, twoFactorMessages.noPending);
      const step = totpStep(vault.decrypt(pending), code, services.now());
      if (step === null) return wrongCode(c);
      const codes = newRecoveryCodes();
      const tokenVersion = await confirmTotpEnrolment(db, account.id, pending, step, codes.map(vault.hashRecoveryCode));
      if (tokenVersion === null) return apiError(c, 409, twoFactorMessages.noPending);
      await guesses.reset(String(account.id));
      await auditRequest(services, c, 'two_factor.enabled', {
        summary: 'turned on two-factor sign-in; other sessions ended',
      });
      // Every older token of the account stops working; this session goes on with a new one that ends when its old one would have.
      const claims = await verifyToken(bearerToken(c) ?? '', config.jwtSecret, services.now());
      const ttlSeconds = Math.max(1, (claims?.exp ?? 0) - Math.floor(services.now().getTime() / 1000));
      const { token } = await signToken(
        { sub: String(account.id), tv: tokenVersion },
        config.jwtSecret,
        ttlSeconds,
        services.now(),
      );
      c.header('Cache-Control', 'no-store');
      const body: TwoFactorEnabled = { message: twoFactorMessages.enabled, recoveryCodes: codes, token };
      return c.json(body);
    })
    .post('/disable', requireRole('viewer'), jsonBody(codeBodySchema), async (c) => {
      const { code, password } = c.req.valid('json');
      const account = await withPassword(c, password);
      if ('refused' in account) return account.refused;
      if (!account.row.totp_secret) return apiError(c, 409, twoFactorMessages.notOn);
      if (await teamRequiresTwoFactor(db)) return apiError(c, 409, twoFactorMessages.requiredByTeam);
      const check = await checkSecondFactor(account.row, code);
      if (check.kind === 'locked') return refuseWhileLocked(c, check.retryAfterSeconds);
      if (check.kind === 'wrong') return wrongCode(c);
      await disableTotp(db, account.id);
      await guesses.reset(String(account.id));
      await auditRequest(services, c, 'two_factor.disabled');
      return c.json({ message: twoFactorMessages.disabled });
    });
}
