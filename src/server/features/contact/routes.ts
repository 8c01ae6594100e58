import { Hono } from 'hono';
import { contactMessages, contactSchema } from '~/lib/schemas/contact';
import { messageHandledSchema, messageHandlingMessages } from '~/lib/schemas/message';
import type { Runtime } from '../../config';
import type { AppEnv } from '../../context';
import { parseDbId } from '../../db';
import { apiError } from '../../errors';
import { roleGuard } from '../../middleware/auth';
import { clientIp } from '../../middleware/client-ip';
import { rateLimiter, retryAfter } from '../../middleware/rate-limit';
import { jsonBody } from '../../middleware/validate';
import { auditRequest } from '../../services/audit';
import { spamFilter } from '../../services/spam';
import { deleteMessage, listMessages, setMessageHandled } from './repository';
import { receiveMessage } from './service';

/** `POST /contact` (public, rate-limited per address) and `/messages` for admins. */
export function contactRoutes(services: Runtime) {
  const { db, config } = services;
  const perIp = rateLimiter(services, 'contact-ip', config.rateLimits.contactPerIp);
  const everyone = rateLimiter(services, 'contact-all', config.rateLimits.contactGlobal);
  const requireRole = roleGuard(services);
  const rejectSpam = spamFilter(services, 'contact');

  const contact = new Hono<AppEnv>().post('/', jsonBody(contactSchema), async (c) => {
    // The schema keeps only the message fields; the spam fields are read from the same parsed body.
    const spam = rejectSpam(c, (await c.req.json()) as Record<string, unknown>);
    if (spam) return spam;
    const decision = await perIp.hit(clientIp(c, config.trustProxy));
    if (!decision.allowed) {
      retryAfter(c, decision);
      return apiError(c, 429, contactMessages.tooMany);
    }
    // Counted only after the per-network limit passed: one network's refused retries never fill it.
    const site = await everyone.hit('site');
    if (!site.allowed) {
      retryAfter(c, site);
      return apiError(c, 429, contactMessages.busy);
    }
    const saved = await receiveMessage(db, config.mail, c.req.valid('json'), services.now());
    return c.json({ message: contactMessages.received, id: saved.id }, 201);
  });

  const messages = new Hono<AppEnv>()
    .get('/', requireRole('recruiter'), async (c) => {
      const messages = await listMessages(db);
      await auditRequest(services, c, 'messages.listed', { summary: `listed ${messages.length} messages` });
      return c.json({ messages });
    })
    // Handled or not is the team's bookkeeping, not personal data: no audit entry.
    .put('/:id/handled', requireRole('recruiter'), jsonBody(messageHandledSchema), async (c) => {
      const id = parseDbId(c.req.param('id'));
      const { handled } = c.req.valid('json');
      const message = id === null ? null : await setMessageHandled(db, id, handled, services.now());
      if (!message) return apiError(c, 404, contactMessages.notFound);
      return c.json({
        message: handled ? messageHandlingMessages.handled : messageHandlingMessages.unhandled,
        id: message.id,
        handledAt: message.handledAt,
      });
    })
    .delete('/:id', requireRole('recruiter'), async (c) => {
      const id = parseDbId(c.req.param('id'));
      if (id === null || !(await deleteMessage(db, id))) return apiError(c, 404, contactMessages.notFound);
      await auditRequest(services, c, 'message.deleted', { subject: { type: 'message', id } });
      return c.json({ message: contactMessages.deleted });
    });

  return { contact, messages };
}
