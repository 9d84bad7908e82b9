import type { ImportResult, RowError } from '@/api/types';
import { ApiError } from '@/lib/api-client';
import { getToken } from '@/lib/token';

/** An import the server refused: the message and every wrong cell (empty when the whole request failed). */
export class ImportRefused extends ApiError {
  readonly errors: RowError[];

  constructor(status: number, message: string, errors: RowError[]) {
    super(status, message);
    this.name = 'ImportRefused';
    this.errors = errors;
  }
}

function authHeaders(accept: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

async function readError(response: Response): Promise<{ message: string; errors: RowError[] }> {
  try {
    const body = (await response.json()) as { error?: unknown; errors?: unknown };
    return {
      message: typeof body.error === 'string' ? body.error : `Request failed (${response.status})`,
      errors: Array.isArray(body.errors) ? (body.errors as RowError[]) : [],
    };
  } catch {
    return {
      message: response.status === 413 ? 'The file is too large: at most 20 MB.' : `Request failed (${response.status})`,
      errors: [],
    };
  }
}

/**
 * Downloads the whole catalogue as CSV. The route needs the admin's token, which a plain link
 * cannot send, so the file is fetched and handed to the browser through a Blob URL.
 */
export async function downloadCatalogue(): Promise<void> {
  let response: Response;
  try {
    response = await fetch('/api/admin/parts/export', { headers: authHeaders('text/csv') });
  } catch {
    throw new ApiError(0, 'The shop cannot be reached. Check your connection and try again.');
  }
  if (!response.ok) {
    const { message } = await readError(response);
    throw new ApiError(response.status, message);
  }
  const blob = await response.blob();
  const url = URL.createObjectURL(blob);
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = 'catalogue.csv';
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    // The click has handed the file over; the URL can go once the event loop moves on.
    setTimeout(() => URL.revokeObjectURL(url), 0);
  }
}

/** Sends a CSV file to the import: with `dryRun` only checked and counted, otherwise written. */
export async function importCatalogue(file: Blob, dryRun: boolean): Promise<ImportResult> {
  let response: Response;
  try {
    response = await fetch(`/api/admin/parts/import?dryRun=${dryRun ? 'true' : 'false'}`, {
      method: 'POST',
      headers: { ...authHeaders('application/json'), 'Content-Type': 'text/csv' },
      body: file,
    });
  } catch {
    throw new ApiError(0, 'The shop cannot be reached. Check your connection and try again.');
  }
  if (!response.ok) {
    const { message, errors } = await readError(response);
    throw new ImportRefused(response.status, message, errors);
  }
  return (await response.json()) as ImportResult;
}
