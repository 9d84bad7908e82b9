/** The admin pages' query keys: the sales dashboard and the audit log's pages. */
export const adminKeys = {
  all: ['admin'] as const,
  dashboard: () => [...adminKeys.all, 'dashboard'] as const,
  audits: () => [...adminKeys.all, 'audit'] as const,
  audit: (query: string) => [...adminKeys.audits(), query] as const,
};
