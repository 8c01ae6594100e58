import { Hono } from 'hono';
import { requestMessages } from '~/lib/schemas';
import type { Kysely } from 'kysely';
import {
  codeBodySchema,
  twoFactorMessages,
  type TwoFactorEnabled,
  type TwoFactorSetup,
  type TwoFactorStatus,
} from '~/lib/two-factor';
import type { Services } from '../../config';
import type { AppEnv } from '../../context';
import {
  confirmTotpEnrolment,
  countRecoveryCodes,
  disableTotp,
  findAdminById,
  startTotpEnrolment,
  type Database,
} from '../../db';
import { apiError } from '../../errors';
import { requireAdmin } from '../../middleware/auth';
import { rateLimiter, retryAfter } from '../../middleware/rate-limit';
import { jsonBody } from '../../middleware/validate';
import { audit, auditRequest } from '../../services/audit';
import { teamRequiresTwoFactor } from '../team/two-factor-rule';
import { checkSecondFactor } from './second-factor';
import { hashRecoveryCode, newRecoveryCodes, newTotpSecret, totpStep, totpUri } from './totp';

/**
 * `/account/2fa`: the signed-in admin's own two-factor sign-in. `POST /setup` keeps a new key
 * until `POST /confirm` proves the authenticator has it, which turns it on and answers ten
 * recovery codes, once. `POST /disable` needs a current code. Guesses share a per-admin limit.
 */
export function twoFactorRoutes(services: Services) {
  const { db, config } = services;
  const guard = requireAdmin(services);
  const guesses = rateLimiter(services, '2fa-admin', config.rateLimits.loginPerEmail);

  const me = async (c: { var: AppEnv['Variables'] }) => {
    const id = c.var.admin?.id ?? 0;
    return { id, row: await findAdminById(db, id) };
  };

  return new Hono<AppEnv>()
    .get('/', guard, async (c) => {
      const { id, row } = await me(c);
      const body: TwoFactorStatus = {
        enabled: Boolean(row?.totp_secret),
        recoveryCodesLeft: row?.totp_secret ? await countRecoveryCodes(db, id) : 0,
        requiredByTeam: await teamRequiresTwoFactor(db),
      };
      return c.json(body);
    })
    .post('/setup', guard, async (c) => {
      const { id, row } = await me(c);
      if (!row) return apiError(c, 404, requestMessages.notFound);
      if (row.totp_secret) return apiError(c, 409, twoFactorMessages.alreadyOn);
      const secret = newTotpSecret();
      await startTotpEnrolment(db, id, secret);
      const body: TwoFactorSetup = { secret, uri: totpUri(secret, row.email) };
      return c.json(body);
    })
    .post('/confirm', guard, jsonBody(codeBodySchema), async (c) => {
      const { id, row } = await me(c);
      const guess = await guesses.hit(String(id));
      if (!guess.allowed) {
        retryAfter(c, guess);
        return apiError(c, 429, twoFactorMessages.tooMany);
      }
      if (!row?.totp_pending_secret) return apiError(c, 409, twoFactorMessages.noPending);
      const step = totpStep(row.totp_pending_secret, c.req.valid('json').code, services.now());
      if (step === null)
        return apiError(c, 400, twoFactorMessages.codeInvalid, { code: twoFactorMessages.codeInvalid });
      const codes = newRecoveryCodes();
      if (!(await confirmTotpEnrolment(db, id, row.totp_pending_secret, step, codes.map(hashRecoveryCode)))) {
        return apiError(c, 409, twoFactorMessages.noPending);
      }
      await guesses.reset(String(id));
      await auditRequest(services, c, 'two_factor.enabled');
      const body: TwoFactorEnabled = { message: twoFactorMessages.enabled, recoveryCodes: codes };
      return c.json(body);
    })
    .post('/disable', guard, jsonBody(codeBodySchema), async (c) => {
      const { id, row } = await me(c);
      if (!row?.totp_secret) return apiError(c, 409, twoFactorMessages.notOn);
      if (await teamRequiresTwoFactor(db)) return apiError(c, 409, twoFactorMessages.requiredByTeam);
      const guess = await guesses.hit(String(id));
      if (!guess.allowed) {
        retryAfter(c, guess);
        return apiError(c, 429, twoFactorMessages.tooMany);
      }
      const check = await checkSecondFactor(db, row, c.req.valid('json').code, services.now());
      if (check === 'wrong') {
        return apiError(c, 400, twoFactorMessages.codeInvalid, { code: twoFactorMessages.codeInvalid });
      }
      await disableTotp(db, id);
      await guesses.reset(String(id));
      await auditRequest(services, c, 'two_factor.disabled');
      return c.json({ message: twoFactorMessages.disabled });
    });
}

/** For the admin CLI's `disable-2fa`: off, and recorded in the audit trail. */
export async function disableTwoFactorByCli(db: Kysely<Database>, admin: { id: number; email: string }): Promise<void> {
  await disableTotp(db, admin.id);
  await audit(db, {
    action: 'two_factor.disabled',
    admin,
    summary: 'two-factor sign-in turned off with the admin CLI',
  });
}
