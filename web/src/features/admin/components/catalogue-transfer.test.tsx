import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import { notify } from '@/lib/notify';
import { mockApi, renderWithProviders } from '@/test/render';
import { CatalogueTransfer } from './catalogue-transfer';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

const admin = { email: 'admin@example.com', name: 'Admin', role: 'admin' as const, emailVerified: true };
const HEADER = 'sku,name,description,img,price,availableQuantity,minimumOrder,reorderLevel,category,weightKg,oemNumbers,replaces,fitments';

function csv(name = 'parts.csv') {
  return new File([`${HEADER}\nBRK-1,Brake pads,,,34.99,10,1,,,,,,\n`], name, { type: 'text/csv' });
}

/**
 * The browser's XMLHttpRequest as the import uses it: each request is kept (method, URL, headers,
 * body) for the test to report upload progress on and to answer.
 */
class FakeXhr {
  static sent: FakeXhr[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  responseText = '';
  upload: { onprogress: ((event: ProgressEvent) => void) | null; onload: (() => void) | null } = { onprogress: null, onload: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeXhr.sent.push(this);
  }
  /** `sent` of `total` bytes have gone up. */
  progress(sent: number, total: number) {
    this.upload.onprogress?.({ lengthComputable: true, loaded: sent, total } as ProgressEvent);
    if (sent === total) this.upload.onload?.();
  }
  respond(status: number, body: unknown) {
    this.status = status;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }
  get dryRun() {
    return new URL(this.url, 'http://shop.test').searchParams.get('dryRun');
  }
}

/** Installs the stand-in XMLHttpRequest; `answer` replies at once to every import (unless it returns undefined). */
function mockImport(answer: (request: FakeXhr) => { status: number; body: unknown } | undefined = () => undefined) {
  FakeXhr.sent = [];
  vi.stubGlobal(
    'XMLHttpRequest',
    class extends FakeXhr {
      override send(body: unknown) {
        super.send(body);
        const reply = answer(this);
        if (reply) {
          this.progress(1, 1);
          this.respond(reply.status, reply.body);
        }
      }
    },
  );
  return FakeXhr.sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CatalogueTransfer', () => {
  it('checks the file with a dry run, shows the counts, and imports it on confirm', async () => {
    const sent = mockImport((request) => ({ status: 200, body: { added: 1, updated: 2, unchanged: 3, dryRun: request.dryRun === 'true' } }));
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    const file = csv();
    await user.upload(screen.getByLabelText('CSV file'), file);
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    expect(await screen.findByText('The file is correct. Importing it will do this:')).toBeInTheDocument();
    expect(screen.getByText('Added').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Updated').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Unchanged').nextSibling).toHaveTextContent('3');
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ method: 'POST', url: '/api/admin/parts/import?dryRun=true', body: file });
    expect(sent[0]?.headers).toMatchObject({ 'Content-Type': 'text/csv', Authorization: 'Bearer test-token', Accept: 'application/json' });

    await user.click(screen.getByRole('button', { name: 'Confirm import' }));
    expect(await screen.findByText('The catalogue is imported.')).toBeInTheDocument();
    expect(sent.map((request) => request.dryRun)).toEqual(['true', 'false']);
    expect(sent[1]?.body).toBe(file);
    expect(notify.success).toHaveBeenCalledWith('Catalogue imported: 1 added, 2 updated.');
  });

  it('names the parts the import adds and what it changes on each, before and after', async () => {
    mockImport(() => ({
      status: 200,
      body: {
        added: 1,
        updated: 1,
        unchanged: 0,
        dryRun: true,
        addedParts: [{ sku: 'NEW-7', name: 'Cabin filter', changes: [] }],
        updatedParts: [
          {
            sku: 'BRK-1',
            name: 'Front brake pads',
            changes: [
              { field: 'name', before: 'Front pads', after: 'Front brake pads' },
              { field: 'priceCents', before: 3499, after: 3600 },
            ],
          },
        ],
      },
    }));
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await user.upload(screen.getByLabelText('CSV file'), csv());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('region', { name: 'Parts added' })).toHaveTextContent('NEW-7 Cabin filter');
    expect(screen.getByRole('region', { name: 'Parts updated' })).toHaveTextContent(
      'BRK-1 Front brake pads: name Front pads → Front brake pads; price 34.99 → 36.00',
    );
  });

  it('shows every bad row of a refused file, and no confirm button', async () => {
    mockImport(() => ({
      status: 400,
      body: {
        error: '2 rows of the file have errors; nothing was imported',
        errors: [
          { row: 3, column: 'price', message: 'Price must be a number' },
          { row: 5, column: 'file', message: 'This row has 12 cells; the header has 13' },
        ],
      },
    }));
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await user.upload(screen.getByLabelText('CSV file'), csv());
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('2 rows of the file have errors; nothing was imported');
    const table = screen.getByRole('table', { name: 'Rows to fix' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['3pricePrice must be a number', '5fileThis row has 12 cells; the header has 13']);
    expect(screen.queryByRole('button', { name: 'Confirm import' })).not.toBeInTheDocument();
  });

  it('says the file is too large when the server refuses it without JSON', async () => {
    const sent = mockImport();
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await user.upload(screen.getByLabelText('CSV file'), csv());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const request = sent[0]!;
    request.status = 413;
    request.responseText = 'Payload Too Large';
    request.onload?.();
    expect(await screen.findByRole('alert')).toHaveTextContent('The file is too large: at most 20 MB.');
  });

  it('shows how much of the file is sent, then how many rows the server is checking', async () => {
    const sent = mockImport();
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    const rows = Array.from({ length: 10_000 }, (_, index) => `P-${index},"Part ${index}\nsecond line",,,1,1,1,,,,,,`).join('\n');
    await user.upload(screen.getByLabelText('CSV file'), new File([`${HEADER}\n${rows}\n`], 'catalogue.csv', { type: 'text/csv' }));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const request = sent[0]!;

    const bar = await screen.findByRole('progressbar', { name: 'Sending catalogue.csv: 0%' });
    expect(screen.getByRole('status')).toHaveTextContent('Sending catalogue.csv…');
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    act(() => request.progress(450, 1000));
    expect(bar).toHaveAccessibleName('Sending catalogue.csv: 45%');
    expect(bar).toHaveAttribute('value', '450');
    expect(bar).toHaveAttribute('max', '1000');

    act(() => request.progress(1000, 1000));
    // The rows are counted while the file goes up; a quoted cell's line break does not count.
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Checking 10,000 rows…'));
    const working = screen.getByRole('progressbar', { name: 'Checking 10,000 rows…' });
    expect(working).not.toHaveAttribute('value');

    act(() => request.respond(200, { added: 0, updated: 0, unchanged: 4, dryRun: true }));
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByText('Unchanged').nextSibling).toHaveTextContent('4');
  });

  it('says it is applying the file once a confirmed import is sent', async () => {
    const sent = mockImport((request) => (request.dryRun === 'true' ? { status: 200, body: { added: 1, updated: 0, unchanged: 0, dryRun: true } } : undefined));
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await user.upload(screen.getByLabelText('CSV file'), csv('catalogue.csv'));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm import' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    act(() => sent[1]!.progress(20, 100));
    expect(screen.getByRole('progressbar', { name: 'Sending catalogue.csv: 20%' })).toBeInTheDocument();
    act(() => sent[1]!.progress(100, 100));
    expect(screen.getByRole('status')).toHaveTextContent('Applying…');
    expect(screen.getByRole('progressbar', { name: 'Applying…' })).toBeInTheDocument();
    act(() => sent[1]!.respond(200, { added: 1, updated: 0, unchanged: 0, dryRun: false }));
    expect(await screen.findByText('The catalogue is imported.')).toBeInTheDocument();
  });

  it('exports the catalogue with the admin token and saves it through a Blob URL', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/parts/export': { body: 'sku,name' } });
    const createObjectURL = vi.fn((_blob: Blob) => 'blob:catalogue');
    const revokeObjectURL = vi.fn((_url: string) => {});
    const saved = { createObjectURL: URL.createObjectURL, revokeObjectURL: URL.revokeObjectURL };
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    onTestFinished(() => void Object.assign(URL, saved));
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.href).toBe('blob:catalogue');
      expect(this.download).toBe('catalogue.csv');
    });
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    const call = fetchMock.mock.calls.find(([input]) => String(input) === '/api/admin/parts/export');
    expect((call?.[1]?.headers as Record<string, string>).Authorization).toBe('Bearer test-token');
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(await createObjectURL.mock.calls[0]?.[0].text()).toBe('"sku,name"');
    await waitFor(() => expect(revokeObjectURL).toHaveBeenCalledWith('blob:catalogue'));
  });

  it('says why an export failed', async () => {
    mockApi({ 'GET /api/admin/parts/export': { status: 403, body: { error: 'Admins only' } } });
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(notify.error).toHaveBeenCalledWith('Admins only'));
  });
});
