import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import type { AuditRecord } from '@/api/types';
import { mockApi, renderWithProviders } from '@/test/render';
import { AuditLog } from './audit-log';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const admin = { email: 'admin@example.com', name: 'Admin', role: 'admin' as const, emailVerified: true };

const RECORDS = [
  {
    id: '2',
    at: '2026-01-31T14:05:09Z',
    byId: 'u1',
    byEmail: 'admin@example.com',
    action: 'part.edited',
    subjectType: 'part',
    subjectId: '42',
    before: { sku: 'BRK-1', priceCents: 3499, name: 'Brake pads' },
    after: { sku: 'BRK-1', priceCents: 2999, name: 'Brake pads' },
  },
  {
    id: '1',
    at: '2026-01-30T09:00:00Z',
    byId: 'u1',
    byEmail: 'admin@example.com',
    action: 'parts.imported',
    subjectType: 'catalogue',
    subjectId: 'import',
    before: null,
    after: { added: 3, updated: 1, unchanged: 0 },
  },
] as unknown as AuditRecord[];

/** The query strings of the GET /api/admin/audit calls, in order. */
function auditQueries(fetchMock: ReturnType<typeof mockApi>): URLSearchParams[] {
  return fetchMock.mock.calls
    .map(([input]) => new URL(String(input), 'http://shop.test'))
    .filter((url) => url.pathname === '/api/admin/audit')
    .map((url) => url.searchParams);
}

function setup(url = '/dashboard/audit', total = RECORDS.length) {
  const fetchMock = mockApi({ 'GET /api/admin/audit': { body: RECORDS, headers: { 'X-Total-Count': String(total) } } });
  const view = renderWithProviders(<AuditLog />, { url, path: '/dashboard/audit', signedInAs: admin });
  return { ...view, fetchMock };
}

describe('AuditLog', () => {
  it('shows each record with when, who, action, subject and the fields it changed', async () => {
    const { user } = setup();
    const table = await screen.findByRole('table', { name: 'Audit records, newest first' });
    const rows = within(table).getAllByRole('row').filter((row) => row.closest('table') === table).slice(1);
    expect(rows).toHaveLength(2);
    const edited = within(rows[0]!);
    expect(edited.getByText('2026-01-31 14:05:09 UTC')).toBeInTheDocument();
    expect(edited.getByText('admin@example.com')).toBeInTheDocument();
    // The action in words, its code id kept for a hover.
    expect(edited.getByText('Part edited')).toHaveAttribute('title', 'part.edited');
    expect(edited.getByText('part 42')).toBeInTheDocument();
    // The change reads in full, before → after, without opening it.
    await user.click(edited.getByText('priceCents 3499 → 2999'));
    expect(edited.getByRole('row', { name: 'priceCents 3499 2999' })).toBeInTheDocument();

    const imported = within(rows[1]!);
    expect(imported.getByText('catalogue import')).toBeInTheDocument();
    expect(imported.getByText('added — → 3; updated — → 1; unchanged — → 0')).toBeInTheDocument();
    expect(imported.getByRole('row', { name: 'added — 3', hidden: true })).toBeInTheDocument();
    expect(screen.getByText('1–2 of 2 records')).toBeInTheDocument();
  });

  it('asks the server for the filters chosen, with the To day included', async () => {
    const { user, fetchMock } = setup();
    await screen.findByRole('table', { name: 'Audit records, newest first' });
    expect(auditQueries(fetchMock)[0]?.toString()).toBe('limit=50&offset=0');

    // Every action the shop records is offered, in words.
    expect(screen.getByRole('option', { name: 'Admin removed' })).toHaveValue('user.adminRemoved');
    expect(screen.getByRole('option', { name: 'Tax rates changed' })).toHaveValue('taxRates.changed');
    await user.selectOptions(screen.getByLabelText('Action'), 'parts.imported');
    await user.type(screen.getByLabelText('By (admin e-mail)'), 'boss@example.com');
    await user.selectOptions(screen.getByLabelText('Subject type'), 'catalogue');
    await user.type(screen.getByLabelText('Subject id'), 'import');
    await user.type(screen.getByLabelText('From (UTC day)'), '2026-01-01');
    await user.type(screen.getByLabelText('To (UTC day, included)'), '2026-01-31');
    await user.click(screen.getByRole('button', { name: 'Filter' }));

    await waitFor(() => expect(auditQueries(fetchMock)).toHaveLength(2));
    const query = auditQueries(fetchMock)[1]!;
    expect(Object.fromEntries(query)).toEqual({
      action: 'parts.imported',
      by: 'boss@example.com',
      subjectType: 'catalogue',
      subjectId: 'import',
      from: '2026-01-01T00:00:00Z',
      to: '2026-02-01T00:00:00Z',
      limit: '50',
      offset: '0',
    });
  });

  it('pages with X-Total-Count', async () => {
    const { user, fetchMock } = setup('/dashboard/audit?action=part.edited', 120);
    expect(await screen.findByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 3')).toBeInTheDocument();
    const last = auditQueries(fetchMock).at(-1)!;
    expect(last.get('offset')).toBe('50');
    expect(last.get('action')).toBe('part.edited');
    expect(screen.getByText('51–52 of 120 records')).toBeInTheDocument();
  });

  it('shows the server refusing a filter', async () => {
    mockApi({ 'GET /api/admin/audit': { status: 400, body: { error: 'Unknown action', fields: { action: 'Unknown action' } } } });
    renderWithProviders(<AuditLog />, { url: '/dashboard/audit?action=nope', path: '/dashboard/audit', signedInAs: admin });
    expect(await screen.findByText('Unknown action')).toBeInTheDocument();
  });
});
