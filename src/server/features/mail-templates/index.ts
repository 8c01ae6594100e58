/** The mail templates recruiters keep for applicants. */
export { mailTemplateRoutes } from './routes';
export { getMailTemplate, listMailTemplates, mailTemplateFor } from './repository';
