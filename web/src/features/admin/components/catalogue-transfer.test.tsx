import { act, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { ImportJob } from '@/api/types';
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

/** An import the shop runs in the background: a real one of 80,000 rows, running, none done yet. */
function job(overrides: Partial<ImportJob> = {}): ImportJob {
  return {
    _id: 'imp-1',
    state: 'running',
    dryRun: false,
    rows: 80_000,
    rowsDone: 0,
    added: 0,
    updated: 0,
    unchanged: 0,
    addedParts: [],
    updatedParts: [],
    error: null,
    by: 'admin@example.com',
    startedAt: new Date(Date.now() - 60_000).toISOString(),
    updatedAt: new Date().toISOString(),
    finishedAt: null,
    ...overrides,
  };
}

const JOB_PATH = '/api/admin/parts/imports/imp-1';

/** The shop's answers to the page's asks about job imp-1, one after the other (the last one again after that). */
function jobAnswers(...answers: ({ status?: number; body: unknown } | Promise<{ status?: number; body: unknown }>)[]) {
  let next = 0;
  return () => answers[Math.min(next++, answers.length - 1)]!;
}

/** How many times the page has asked about job imp-1. */
function polls(fetchMock: ReturnType<typeof mockApi>) {
  return fetchMock.mock.calls.filter(([input]) => String(input) === JOB_PATH).length;
}

// The clock's own setTimeout, kept before a test fakes it. Testing Library's findBy… and waitFor
// end on a timeout of the clock, so they cannot be used while it is faked: `until` stands in.
const realSetTimeout = globalThis.setTimeout;

/**
 * The page asks about a running import every second: the clock's timeouts are faked, and moved on
 * only by `tick`, so that each tick is one ask.
 */
function fakeClock() {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
}

async function tick(ms = 1000) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

/** Lets the page take in the answers it is waiting for (the faked clock standing still) until `check` passes. */
async function until(check: () => void) {
  for (let round = 0; ; round += 1) {
    try {
      check();
      return;
    } catch (error) {
      if (round >= 300) throw error;
    }
    await act(() => new Promise<void>((resolve) => realSetTimeout(resolve, 10)));
  }
}

beforeEach(() => {
  // No import has run before, unless a test says otherwise.
  mockApi({ 'GET /api/admin/parts/imports': { body: { imports: [] } } });
});

afterEach(() => {
  vi.useRealTimers();
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
    expect(sent[0]?.headers).toMatchObject({
      'Content-Type': 'text/csv',
      Authorization: 'Bearer test-token',
      Accept: 'application/json',
      Prefer: 'respond-async',
    });

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

  it('follows an import the shop runs in the background: its progress every second, then what it did', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/parts/imports': { body: { imports: [] } },
      [`GET ${JOB_PATH}`]: jobAnswers(
        { body: job({ rowsDone: 12_500, added: 3 }) },
        { body: job({ rowsDone: 40_000, added: 5, updated: 100 }) },
        {
          body: job({
            state: 'done',
            rowsDone: 80_000,
            added: 7,
            updated: 300,
            unchanged: 79_693,
            addedParts: [{ sku: 'NEW-7', name: 'Cabin filter', changes: [] }],
            finishedAt: new Date().toISOString(),
          }),
        },
      ),
    });
    const sent = mockImport((request) => (request.dryRun === 'true' ? { status: 200, body: { added: 7, updated: 300, unchanged: 79_693, dryRun: true } } : undefined));
    const { user, queryClient } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    const invalidate = vi.spyOn(queryClient, 'invalidateQueries');
    await user.upload(screen.getByLabelText('CSV file'), csv('catalogue.csv'));
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm import' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]?.headers).toMatchObject({ Prefer: 'respond-async' });

    fakeClock();
    await act(async () => {
      sent[1]!.progress(100, 100);
      sent[1]!.respond(202, job());
    });
    await until(() => expect(screen.getByRole('status')).toHaveTextContent('Importing: 0 of 80,000 rows'));
    const bar = screen.getByRole('progressbar', { name: 'Import progress' });
    expect(bar).toHaveAttribute('value', '0');
    expect(bar).toHaveAttribute('max', '80000');
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(screen.getByLabelText('CSV file')).toBeDisabled();
    expect(polls(fetchMock)).toBe(0);

    await tick();
    await until(() => expect(screen.getByText('Importing: 12,500 of 80,000 rows')).toBeInTheDocument());
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '12500');
    expect(polls(fetchMock)).toBe(1);

    await tick();
    await until(() => expect(screen.getByText('Importing: 40,000 of 80,000 rows')).toBeInTheDocument());
    expect(polls(fetchMock)).toBe(2);
    expect(notify.success).not.toHaveBeenCalled();

    await tick();
    await until(() => expect(screen.getByText('The catalogue is imported.')).toBeInTheDocument());
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByText('Added', { selector: 'dt' }).nextSibling).toHaveTextContent('7');
    expect(screen.getByText('Updated', { selector: 'dt' }).nextSibling).toHaveTextContent('300');
    expect(screen.getByText('Unchanged').nextSibling).toHaveTextContent('79,693');
    expect(screen.getByRole('region', { name: 'Parts added' })).toHaveTextContent('NEW-7 Cabin filter');
    expect(notify.success).toHaveBeenCalledWith('Catalogue imported: 7 added, 300 updated.');
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['parts'] });
    expect(screen.getByRole('button', { name: 'Check file' })).toBeEnabled();

    // A job that has ended is asked about no more.
    await tick(10_000);
    expect(polls(fetchMock)).toBe(3);
  });

  it('follows a check the shop runs in the background, then offers to import the file checked', async () => {
    mockApi({
      'GET /api/admin/parts/imports': { body: { imports: [] } },
      [`GET ${JOB_PATH}`]: jobAnswers(
        { body: job({ dryRun: true, rows: 2_000, rowsDone: 1_500 }) },
        { body: job({ dryRun: true, rows: 2_000, rowsDone: 2_000, state: 'done', added: 1, updated: 2, unchanged: 1_997 }) },
      ),
    });
    const sent = mockImport();
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    const file = csv('catalogue.csv');
    await user.upload(screen.getByLabelText('CSV file'), file);
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    await waitFor(() => expect(sent).toHaveLength(1));

    fakeClock();
    await act(async () => sent[0]!.respond(202, job({ dryRun: true, rows: 2_000, rowsDone: 250 })));
    await until(() => expect(screen.getByRole('status')).toHaveTextContent('Checking: 250 of 2,000 rows'));
    await tick();
    await until(() => expect(screen.getByText('Checking: 1,500 of 2,000 rows')).toBeInTheDocument());
    await tick();
    await until(() => expect(screen.getByText('The file is correct. Importing it will do this:')).toBeInTheDocument());
    expect(screen.getByText('Unchanged').nextSibling).toHaveTextContent('1,997');
    expect(notify.success).not.toHaveBeenCalled();

    vi.useRealTimers();
    await user.click(screen.getByRole('button', { name: 'Confirm import' }));
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]).toMatchObject({ body: file });
    expect(sent[1]?.dryRun).toBe('false');
  });

  it('tells on opening of the last import, cut short when the shop stopped', async () => {
    const message = 'The shop stopped during this import after 12,500 of 80,000 rows; import the file again to finish it';
    const finishedAt = new Date(Date.now() - 2 * 60 * 60 * 1000).toISOString();
    const fetchMock = mockApi({
      'GET /api/admin/parts/imports': {
        body: { imports: [job({ state: 'cut', rowsDone: 12_500, error: message, finishedAt }), job({ _id: 'imp-0', state: 'done', finishedAt })] },
      },
    });
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.find(([input]) => String(input) === '/api/admin/parts/imports')?.[1]?.headers).toMatchObject({
      Authorization: 'Bearer test-token',
    });

    // A new import can be started at once; choosing its file puts the message away.
    await user.upload(screen.getByLabelText('CSV file'), csv());
    expect(screen.getByRole('button', { name: 'Check file' })).toBeEnabled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('says nothing on opening of an import that failed more than a day ago', async () => {
    const fetchMock = mockApi({
      'GET /api/admin/parts/imports': {
        body: { imports: [job({ state: 'failed', error: 'Long ago', finishedAt: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })] },
      },
    });
    renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await act(async () => {});
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('follows to its end an import still running when the page opens', async () => {
    fakeClock();
    const fetchMock = mockApi({
      'GET /api/admin/parts/imports': { body: { imports: [job({ rowsDone: 12_500, by: 'other@example.com' })] } },
      [`GET ${JOB_PATH}`]: jobAnswers(
        { body: job({ rowsDone: 60_000 }) },
        { status: 503, body: { error: 'The shop is starting' } },
        { body: job({ state: 'done', rowsDone: 80_000, added: 10, updated: 20, unchanged: 79_970, finishedAt: new Date().toISOString() }) },
      ),
    });
    renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await until(() => expect(screen.getByText('Importing: 12,500 of 80,000 rows')).toBeInTheDocument());
    expect(screen.getByRole('progressbar', { name: 'Import progress' })).toHaveAttribute('value', '12500');
    expect(screen.getByText(/Started by other@example\.com\./)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Check file' })).toBeDisabled();
    expect(screen.getByLabelText('CSV file')).toBeDisabled();

    await tick();
    await until(() => expect(screen.getByText('Importing: 60,000 of 80,000 rows')).toBeInTheDocument());

    // The shop does not answer for a while (restarting): the page says so and asks again later.
    await tick();
    await until(() => expect(screen.getByText(/The shop does not answer just now; asking again…/)).toBeInTheDocument());
    expect(screen.getByText('Importing: 60,000 of 80,000 rows')).toBeInTheDocument();
    await tick(1000);
    expect(polls(fetchMock)).toBe(2);
    await tick(4000);
    await until(() => expect(screen.getByText('The catalogue is imported.')).toBeInTheDocument());
    expect(screen.getByText('Added').nextSibling).toHaveTextContent('10');
    expect(notify.success).toHaveBeenCalledWith('Catalogue imported: 10 added, 20 updated.');
    expect(polls(fetchMock)).toBe(3);
  });

  it('shows why a followed import failed', async () => {
    fakeClock();
    mockApi({
      'GET /api/admin/parts/imports': { body: { imports: [job({ rowsDone: 100 })] } },
      [`GET ${JOB_PATH}`]: jobAnswers({
        body: job({ state: 'failed', rowsDone: 300, error: 'The database refused row 301; the 300 rows before it were imported', finishedAt: new Date().toISOString() }),
      }),
    });
    renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await until(() => expect(screen.getByText('Importing: 100 of 80,000 rows')).toBeInTheDocument());
    await tick();
    await until(() => expect(screen.getByRole('alert')).toHaveTextContent('The database refused row 301; the 300 rows before it were imported'));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
  });

  it('stops asking about an import once the page is closed', async () => {
    fakeClock();
    let answer: (reply: { body: unknown }) => void = () => {};
    const fetchMock = mockApi({
      'GET /api/admin/parts/imports': { body: { imports: [job({ rowsDone: 12_500 })] } },
      [`GET ${JOB_PATH}`]: jobAnswers(
        { body: job({ rowsDone: 20_000 }) },
        new Promise((resolve) => {
          answer = resolve;
        }),
      ),
    });
    const consoleError = vi.spyOn(console, 'error');
    const { unmount } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await until(() => expect(screen.getByText('Importing: 12,500 of 80,000 rows')).toBeInTheDocument());
    await tick();
    await until(() => expect(screen.getByText('Importing: 20,000 of 80,000 rows')).toBeInTheDocument());

    // The second ask is under way when the page closes; its answer changes nothing.
    await tick();
    expect(polls(fetchMock)).toBe(2);
    unmount();
    await act(async () => answer({ body: job({ state: 'done', rowsDone: 80_000, added: 1, finishedAt: new Date().toISOString() }) }));
    await tick(10_000);
    expect(polls(fetchMock)).toBe(2);
    expect(notify.success).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
  });

  it('stops asking once a page closed between two asks', async () => {
    fakeClock();
    const fetchMock = mockApi({
      'GET /api/admin/parts/imports': { body: { imports: [job({ rowsDone: 12_500 })] } },
      [`GET ${JOB_PATH}`]: jobAnswers({ body: job({ rowsDone: 20_000 }) }),
    });
    const { unmount } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await until(() => expect(screen.getByText('Importing: 12,500 of 80,000 rows')).toBeInTheDocument());
    await tick();
    await until(() => expect(screen.getByText('Importing: 20,000 of 80,000 rows')).toBeInTheDocument());
    expect(polls(fetchMock)).toBe(1);
    unmount();
    await tick(10_000);
    expect(polls(fetchMock)).toBe(1);
  });

  it('works as before when the list of imports cannot be had', async () => {
    mockApi({ 'GET /api/admin/parts/imports': { status: 500, body: { error: 'Database down' } } });
    const sent = mockImport(() => ({ status: 200, body: { added: 0, updated: 0, unchanged: 1, dryRun: true } }));
    const { user } = renderWithProviders(<CatalogueTransfer />, { signedInAs: admin });
    await user.upload(screen.getByLabelText('CSV file'), csv());
    await user.click(screen.getByRole('button', { name: 'Check file' }));
    expect(await screen.findByText('The file is correct. Importing it will do this:')).toBeInTheDocument();
    expect(sent).toHaveLength(1);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(notify.error).not.toHaveBeenCalled();
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
