/**
 * The company facts an MDX page may quote, by name, for the <Fact> and <Email> content components:
 * the page names the fact and src/site.ts stays its one home. Plain names instead of `{site.…}`
 * expressions keep the pages editable in Keystatic, which cannot show MDX expressions.
 */
import { productStatus, replyTime, securityReplyTime, site } from '../site';

export const FACTS = {
  legalName: site.legalName,
  'address.street': site.address.street,
  'address.locality': site.address.locality,
  'address.region': site.address.region,
  'address.postalCode': site.address.postalCode,
  'address.country': site.address.country,
  phone: site.phone.display,
  'productStatus.summary': productStatus.summary,
  'productStatus.subscription': productStatus.subscription,
  'productStatus.pricing': productStatus.pricing,
  'productStatus.documentation': productStatus.documentation,
  'productStatus.releaseNotes': productStatus.releaseNotes,
  replyTime,
  securityReplyTime,
} as const;

export type FactName = keyof typeof FACTS;

/** The mailboxes a page may link to. */
export const MAILBOXES = site.emails;
export type Mailbox = keyof typeof MAILBOXES;
