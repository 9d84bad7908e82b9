import type { FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import type { AuditRecord } from '@/api/types';
import { ErrorBox } from '@/components/ui/error-box';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { PageSpinner } from '@/components/ui/spinner';
import { AUDIT_PAGE_SIZE, type AuditFilters, EMPTY_AUDIT_FILTERS, useAudit } from '../api/get-audit';
import { actionLabel, AUDIT_ACTIONS, diffFields, showValue, SUBJECT_TYPES } from '../diff';
import { Pager } from '@/components/ui/pager';

const FILTER_KEYS = Object.keys(EMPTY_AUDIT_FILTERS) as (keyof AuditFilters)[];

function filtersFrom(params: URLSearchParams): AuditFilters {
  const filters = { ...EMPTY_AUDIT_FILTERS };
  for (const key of FILTER_KEYS) filters[key] = params.get(key) ?? '';
  return filters;
}

function pageFrom(params: URLSearchParams): number {
  const page = Number(params.get('page'));
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** When, in UTC as the server keeps it: "2026-01-31 14:05:09 UTC". */
function when(at: string): string {
  return at.replace('T', ' ').replace(/(\.\d+)?Z$/, ' UTC');
}

function Changes({ record }: { record: AuditRecord }) {
  const changes = diffFields(record.before, record.after);
  if (changes.length === 0) return <span className="text-base-content/70">No change</span>;
  // The first few changes read in full, before → after; the table under them has every one.
  const shown = changes.slice(0, 3);
  return (
    <details>
      <summary className="cursor-pointer break-words">
        {shown.map((change) => `${change.field} ${showValue(change.before)} → ${showValue(change.after)}`).join('; ')}
        {changes.length > shown.length ? `; ${changes.length - shown.length} more` : ''}
      </summary>
      <table className="table table-xs mt-1">
        <thead>
          <tr>
            <th scope="col">Field</th>
            <th scope="col">Before</th>
            <th scope="col">After</th>
          </tr>
        </thead>
        <tbody>
          {changes.map((change) => (
            <tr key={change.field}>
              <td>{change.field}</td>
              <td className="break-all">{showValue(change.before)}</td>
              <td className="break-all">{showValue(change.after)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}

/**
 * The audit log: every admin action, newest first, a page at a time, filtered by action, admin,
 * subject and dates. The filters and page live in the address, so a reload keeps them.
 */
export function AuditLog() {
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const page = pageFrom(params);
  const audit = useAudit(filters, page);

  const show = (next: AuditFilters, nextPage: number) => {
    const search = new URLSearchParams();
    for (const key of FILTER_KEYS) if (next[key].trim()) search.set(key, next[key].trim());
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };

  const onFilter = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const next = { ...EMPTY_AUDIT_FILTERS };
    for (const key of FILTER_KEYS) next[key] = String(form.get(key) ?? '');
    show(next, 1);
  };

  return (
    // min-w-0: the log's wide table scrolls in its own box instead of widening the page on a phone.
    <div className="grid min-w-0 gap-6">
      <form aria-label="Filter the audit log" className="grid min-w-0 gap-3 sm:grid-cols-3 [&_input]:w-full [&_select]:w-full" onSubmit={onFilter} key={params.toString()}>
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">Action</span>
          <select name="action" className="select select-sm" defaultValue={filters.action}>
            <option value="">Any action</option>
            {AUDIT_ACTIONS.map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">By (admin e-mail)</span>
          <input name="by" type="email" className="input input-sm" defaultValue={filters.by} />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">Subject type</span>
          <select name="subjectType" className="select select-sm" defaultValue={filters.subjectType}>
            <option value="">Any subject</option>
            {SUBJECT_TYPES.map((type) => (
              <option key={type} value={type}>
                {type}
              </option>
            ))}
          </select>
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">Subject id</span>
          <input name="subjectId" className="input input-sm" defaultValue={filters.subjectId} />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">From (UTC day)</span>
          <input name="from" type="date" className="input input-sm" defaultValue={filters.from} />
        </label>
        <label className="grid gap-1 text-sm">
          <span className="font-semibold">To (UTC day, included)</span>
          <input name="to" type="date" className="input input-sm" defaultValue={filters.to} />
        </label>
        <div className="flex gap-2 sm:col-span-3">
          <button type="submit" className="btn btn-sm btn-primary">
            Filter
          </button>
          <button type="button" className="btn btn-sm" onClick={() => show(EMPTY_AUDIT_FILTERS, 1)}>
            Clear
          </button>
        </div>
      </form>

      {audit.isError ? (
        <ErrorBox error={audit.error} onRetry={() => void audit.refetch()} />
      ) : !audit.data ? (
        <PageSpinner />
      ) : (
        <AuditTable records={audit.data.items} total={audit.data.total} page={page} onPage={(next) => show(filters, next)} />
      )}
    </div>
  );
}

function AuditTable({ records, total, page, onPage }: { records: AuditRecord[]; total: number; page: number; onPage: (page: number) => void }) {
  if (records.length === 0) return <p>No records match.</p>;
  const pages = Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE));
  const first = (page - 1) * AUDIT_PAGE_SIZE + 1;
  return (
    <div className="min-w-0">
      <ScrollRegion label="Audit records">
        <table className="table table-sm">
          <caption className="sr-only">Audit records, newest first</caption>
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">Subject</th>
              <th scope="col">Changes</th>
            </tr>
          </thead>
          <tbody>
            {records.map((record) => (
              <tr key={record.id} className="align-top">
                <td className="whitespace-nowrap">
                  <time dateTime={record.at}>{when(record.at)}</time>
                </td>
                <td>{record.byEmail}</td>
                <td className="whitespace-nowrap" title={record.action}>
                  {actionLabel(record.action)}
                </td>
                <td>
                  {record.subjectType} {record.subjectId}
                </td>
                <td>
                  <Changes record={record} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-base-content/75" aria-live="polite">
          {first}–{first + records.length - 1} of {total} {total === 1 ? 'record' : 'records'}
        </p>
        <Pager page={page} pages={pages} onPage={onPage} />
      </nav>
    </div>
  );
}
