import type { ImportJob, ImportResult, RowError } from '@/api/types';
import { api, ApiError } from '@/lib/api-client';
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
 * What the import answers: the result when it finished while the request waited, or the job the
 * shop runs it as in the background (to follow with `fetchImportJob`).
 */
export type ImportAnswer = { kind: 'done'; result: ImportResult } | { kind: 'job'; job: ImportJob };

function isImportJob(value: unknown): value is ImportJob {
  return typeof value === 'object' && value !== null && typeof (value as { _id?: unknown })._id === 'string' && typeof (value as { state?: unknown }).state === 'string';
}

/**
 * Sends a CSV file to the import: with `dryRun` only checked and counted, otherwise written. The
 * shop is asked to run it in the background (`Prefer: respond-async`): it answers 202 with the
 * job, or 200 with the result when it finished at once. `onProgress` hears how much of the file
 * has been sent (XMLHttpRequest, since fetch cannot tell an upload's progress), last with
 * everything sent, when the server is left to work on it.
 */
export function importCatalogue(file: Blob, dryRun: boolean, onProgress?: (progress: UploadProgress) => void): Promise<ImportAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `/api/admin/parts/import?dryRun=${dryRun ? 'true' : 'false'}`);
    const headers = { ...authHeaders('application/json'), 'Content-Type': 'text/csv', Prefer: 'respond-async' };
    for (const [name, value] of Object.entries(headers)) {
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
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status === 202) {
        if (isImportJob(body)) {
          resolve({ kind: 'job', job: body });
          return;
        }
        // The job's address, when the answer's body does not hold the job itself.
        const id = xhr.getResponseHeader('Location')?.split('/').filter(Boolean).pop();
        if (id) {
          fetchImportJob(decodeURIComponent(id)).then((job) => resolve({ kind: 'job', job }), reject);
          return;
        }
      } else if (typeof body === 'object' && body !== null) {
        resolve({ kind: 'done', result: body as ImportResult });
        return;
      }
      reject(new ApiError(xhr.status, `Request failed (${xhr.status})`));
    };
    xhr.send(file);
  });
}

/** An import the shop runs in the background, as it stands now. */
export function fetchImportJob(id: string): Promise<ImportJob> {
  return api.get<ImportJob>(`/admin/parts/imports/${encodeURIComponent(id)}`);
}

/** The last imports (at most 20), newest first. */
export async function fetchImportJobs(): Promise<ImportJob[]> {
  const body = await api.get<{ imports?: ImportJob[] } | undefined>('/admin/parts/imports');
  return Array.isArray(body?.imports) ? body.imports : [];
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
