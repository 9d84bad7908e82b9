/** The admin pages' query keys: the sales dashboard, the audit log's pages and the contact form's messages. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  audits: () => [...adminKeys.all, 'audit'] as const,
  audit: (query: string) => [...adminKeys.audits(), query] as const,
  /** The contact form's messages, by page. */
  messages: (page: number) => [...adminKeys.all, 'messages', page] as const,
};
