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

function parseError(status: number, text: string): { message: string; errors: RowError[] } {
  try {
    const body = JSON.parse(text) as { error?: unknown; errors?: unknown };
    return {
      message: typeof body.error === 'string' ? body.error : `Request failed (${status})`,
      errors: Array.isArray(body.errors) ? (body.errors as RowError[]) : [],
    };
  } catch {
    return { message: status === 413 ? 'The file is too large: at most 20 MB.' : `Request failed (${status})`, errors: [] };
  }
}

async function readError(response: Response): Promise<{ message: string; errors: RowError[] }> {
  return parseError(response.status, await response.text().catch(() => ''));
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

/** How much of a file has gone up: bytes sent of the total. */
export type UploadProgress = { sent: number; total: number };

/**
 * Sends a CSV file to the import: with `dryRun` only checked and counted, otherwise written.
 * `onProgress` hears how much of the file has been sent (XMLHttpRequest, since fetch cannot tell
 * an upload's progress), last with everything sent, when the server is left to work on it.
 */
export function importCatalogue(file: Blob, dryRun: boolean, onProgress?: (progress: UploadProgress) => void): Promise<ImportResult> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/parts/import?dryRun=${dryRun ? 'true' : 'false'}`);
    for (const [name, value] of Object.entries({ ...authHeaders('application/json'), 'Content-Type': 'text/csv' })) {
      xhr.setRequestHeader(name, value);
    }
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.({ sent: event.loaded, total: event.total });
    };
    xhr.upload.onload = () => onProgress?.({ sent: file.size, total: file.size });
    xhr.onerror = () => reject(new ApiError(0, 'The shop cannot be reached. Check your connection and try again.'));
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) {
        const { message, errors } = parseError(xhr.status, xhr.responseText);
        reject(new ImportRefused(xhr.status, message, errors));
        return;
      }
      try {
        resolve(JSON.parse(xhr.responseText) as ImportResult);
      } catch {
        reject(new ApiError(xhr.status, `Request failed (${xhr.status})`));
      }
    };
    xhr.send(file);
  });
}

/** The rows of a CSV text after its header; a quoted cell's line breaks do not end a row. */
export function countRows(text: string): number {
  let rows = 0;
  let quoted = false;
  let filled = false;
  for (let index = 0; index < text.length; index += 1) {
    const char = text.charCodeAt(index);
    if (char === 34) quoted = !quoted; // "
    if (!quoted && (char === 10 || char === 13)) {
      if (filled) rows += 1;
      filled = false;
    } else {
      filled = true;
    }
  }
  if (filled) rows += 1;
  return Math.max(0, rows - 1);
}
