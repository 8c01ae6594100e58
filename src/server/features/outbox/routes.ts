import { Hono } from 'hono';
import {
  OUTBOX_LIST_LIMIT,
  outboxMessages,
  readableMailKind,
  type OutboxList,
  type OutboxMailText,
} from '~/lib/schemas/outbox';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { getOutboxStatus, listOutbox, outboxStats, parseDbId, retryFailedMails, settleHeldMails } from '../../db';
import { apiError } from '../../errors';
import { roleGuard } from '../../middleware/auth';
import { auditRequest } from '../../services/audit';
import { getMailText } from './repository';

/** `/outbox` for admins: the queued, sent and failed mails, 'Retry now' for a failed one or for all of them. */
export function outboxRoutes(services: Runtime) {
  const { db, config } = services;
  const requireRole = roleGuard(services);
  const configured = Boolean(config.mail.smtpUrl);

  return (
    new Hono<AppEnv>()
      .get('/', requireRole('recruiter'), async (c) => {
        const [mails, stats] = await Promise.all([listOutbox(db, OUTBOX_LIST_LIMIT), outboxStats(db)]);
        // The list shows recipients and subjects: personal data read by an admin.
        await auditRequest(services, c, 'outbox.listed', { summary: `listed ${mails.length} mails` });
        const body: OutboxList = {
          configured,
          counts: stats.counts,
          oldestPendingAt: stats.oldestPendingAt,
          mails: mails.map((mail) => ({
            ...mail,
            status:
              mail.status === 'pending' && mail.heldSince
                ? 'held'
                : mail.status === 'pending' && !configured
                  ? 'not configured'
                  : mail.status,
          })),
        };
        return c.json(body);
      })
      .get('/:id/text', requireRole('recruiter'), async (c) => {
        const id = parseDbId(c.req.param('id'));
        const mail = id === null ? null : await getMailText(db, id);
        if (id === null || !mail) return apiError(c, 404, outboxMessages.notFound);
        if (!readableMailKind(mail.kind)) return apiError(c, 403, outboxMessages.textWithLink);
        await auditRequest(services, c, 'outbox.read', { summary: `read mail #${id}` });
        const body: OutboxMailText = { text: mail.text };
        return c.json(body);
      })
      // After a restore: the mails the backup had pending are sent after all, or deleted unsent.
      .post('/held/release', requireRole('owner'), async (c) => {
        const count = await settleHeldMails(db, 'release', services.now());
        await auditRequest(services, c, 'outbox.released', { summary: `released ${count} held mails` });
        return c.json({ message: outboxMessages.released(count), count });
      })
      .post('/held/discard', requireRole('owner'), async (c) => {
        const count = await settleHeldMails(db, 'discard', services.now());
        await auditRequest(services, c, 'outbox.discarded', { summary: `discarded ${count} held mails` });
        return c.json({ message: outboxMessages.discarded(count), count });
      })
      // Before '/:id/retry', which would take 'failed' for an id.
      .post('/failed/retry', requireRole('recruiter'), async (c) => {
        const count = await retryFailedMails(db, 'all', services.now());
        c.var.log.info({ mails: count, adminId: c.var.admin?.id }, 'mail retry requested');
        return c.json({ message: outboxMessages.retriedAll(count), count });
      })
      .post('/:id/retry', requireRole('recruiter'), async (c) => {
        const id = parseDbId(c.req.param('id'));
        const status = id === null ? null : await getOutboxStatus(db, id);
        if (id === null || status === null) return apiError(c, 404, outboxMessages.notFound);
        if ((await retryFailedMails(db, id, services.now())) === 0)
          return apiError(c, 409, status === 'failed' ? outboxMessages.linkExpired : outboxMessages.notFailed);
        c.var.log.info({ outboxId: id, adminId: c.var.admin?.id }, 'mail retry requested');
        return c.json({ message: outboxMessages.retried });
      })
  );
}
