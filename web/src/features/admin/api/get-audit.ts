import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditRecord } from '@/api/types';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** Records per page of the audit log. */
export const AUDIT_PAGE_SIZE = 50;

/** The audit log's filters as the page keeps them (blank: not filtered). `from` and `to` are dates. */
export type AuditFilters = { action: string; by: string; subjectType: string; subjectId: string; from: string; to: string };

export const EMPTY_AUDIT_FILTERS: AuditFilters = { action: '', by: '', subjectType: '', subjectId: '', from: '', to: '' };

/**
 * The query string of a page of the audit log. `from` and `to` are whole UTC days: from the start
 * of `from` up to the end of `to` (the server's `to` is exclusive, so the day after it).
 */
export function auditQuery(filters: AuditFilters, page: number): string {
  const params = new URLSearchParams();
  for (const key of ['action', 'by', 'subjectType', 'subjectId'] as const) {
    const value = filters[key].trim();
    if (value) params.set(key, value);
  }
  if (filters.from) params.set('from', `${filters.from}T00:00:00Z`);
  if (filters.to) {
    const next = new Date(`${filters.to}T00:00:00Z`);
    if (!Number.isNaN(next.getTime())) {
      next.setUTCDate(next.getUTCDate() + 1);
      params.set('to', next.toISOString().replace('.000Z', 'Z'));
    }
  }
  params.set('limit', String(AUDIT_PAGE_SIZE));
  params.set('offset', String((page - 1) * AUDIT_PAGE_SIZE));
  return params.toString();
}

export const auditQueryOptions = (filters: AuditFilters, page: number) => {
  const query = auditQuery(filters, page);
  return queryOptions({
    queryKey: adminKeys.audit(query),
    queryFn: () => api.getPage<AuditRecord>(`/admin/audit?${query}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
};

/** One page of the audit log, newest first, with the total matching the filters. */
export function useAudit(filters: AuditFilters, page: number) {
  return useQuery(auditQueryOptions(filters, page));
}
