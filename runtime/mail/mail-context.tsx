// What every mail block reads while rendering: the mail (its campaign, its web version) and where its
// links go. One mail per render, like a page's RenderContext.
import { createContext, useContext } from 'react';
import { mailLink, type MailDefinition, type MailSender } from '../../model/newsletter.ts';

export interface MailContext {
  mail: MailDefinition;
  sender: MailSender;
}

const Ctx = createContext<MailContext | null>(null);
export const MailProvider = Ctx.Provider;

export function useMail(): MailContext {
  const ctx = useContext(Ctx);
  if (!ctx) throw new Error('useMail outside MailProvider');
  return ctx;
}

/**
 * A link of this mail as it is sent: to the site absolute on {{origin}} and tagged for the campaign
 * (model/newsletter.ts); undefined for an address no visitor may be sent to (validation refuses it
 * first; should one get this far, its words are shown unlinked).
 */
export function useMailHref(): (href: string) => string | undefined {
  const { mail, sender } = useMail();
  return (href) => mailLink(href, mail, sender.url);
}
