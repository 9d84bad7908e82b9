import { screen, waitFor, within } from '@testing-library/react';
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

/** The import calls: their dryRun flag, headers and body, in order. */
function importCalls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls
    .map(([input, init]) => ({ url: new URL(String(input), 'http://shop.test'), init }))
    .filter(({ url, init }) => init?.method === 'POST' && url.pathname === '/api/admin/parts/import')
    .map(({ url, init }) => ({ dryRun: url.searchParams.get('dryRun'), headers: init?.headers as Record<string, string>, body: init?.body }));
}

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('CatalogueTransfer', () => {
  it('checks the file with a dry run, shows the counts, and imports it on confirm', async () => {
    const fetchMock = mockApi({
      'POST /api/admin/parts/import': (_body, url) =>
        url.searchParams.get('dryRun') === 'true'
          ? { body: { added: 1, updated: 2, unchanged: 3, dryRun: true } }
          : { body: { added: 1, updated: 2, unchanged: 3, dryRun: false } },
    });
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    const file = csv();
    await user.upload(screen.getByLabelText('CSV file'), file);
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    expect(await screen.findByText('The file is correct. Importing it will do this:')).toBeInTheDocument();
    expect(screen.getByText('Added').nextSibling).toHaveTextContent('1');
    expect(screen.getByText('Updated').nextSibling).toHaveTextContent('2');
    expect(screen.getByText('Unchanged').nextSibling).toHaveTextContent('3');
    let calls = importCalls(fetchMock);
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({ dryRun: 'true', body: file });
    expect(calls[0]?.headers).toMatchObject({ 'Content-Type': 'text/csv', Authorization: 'Bearer test-token' });

    await user.click(screen.getByRole('button', { name: 'Confirm import' }));
    expect(await screen.findByText('The catalogue is imported.')).toBeInTheDocument();
    calls = importCalls(fetchMock);
    expect(calls.map((call) => call.dryRun)).toEqual(['true', 'false']);
    expect(calls[1]?.body).toBe(file);
    expect(notify.success).toHaveBeenCalledWith('Catalogue imported: 1 added, 2 updated.');
  });

  it('shows every bad row of a refused file, and no confirm button', async () => {
    mockApi({
      'POST /api/admin/parts/import': {
        status: 400,
        body: {
          error: '2 rows of the file have errors; nothing was imported',
          errors: [
            { row: 3, column: 'price', message: 'Price must be a number' },
            { row: 5, column: 'file', message: 'This row has 12 cells; the header has 13' },
          ],
        },
      },
    });
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await user.upload(screen.getByLabelText('CSV file'), csv());
    await user.click(screen.getByRole('button', { name: 'Check file' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('2 rows of the file have errors; nothing was imported');
    const table = screen.getByRole('table', { name: 'Rows to fix' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['3pricePrice must be a number', '5fileThis row has 12 cells; the header has 13']);
    expect(screen.queryByRole('button', { name: 'Confirm import' })).not.toBeInTheDocument();
  });

  it('shows a progress bar while the file is being checked', async () => {
    let answer: (reply: { body: unknown }) => void = () => {};
    mockApi({ 'POST /api/admin/parts/import': () => new Promise((resolve) => (answer = resolve)) });
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await user.upload(screen.getByLabelText('CSV file'), csv());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByRole('progressbar', { name: 'Checking the file' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    answer({ body: { added: 0, updated: 0, unchanged: 4, dryRun: true } });
    await waitFor(() => expect(screen.queryByRole('progressbar')).not.toBeInTheDocument());
    expect(screen.getByText('Unchanged').nextSibling).toHaveTextContent('4');
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
