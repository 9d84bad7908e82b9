import { clearToken, getToken } from './token';

/** An error answer from the API: `{"error": ..., "fields"?: {...}}` with its status. */
export class ApiError extends Error {
  readonly status: number;
  readonly fields: Record<string, string>;

  constructor(status: number, message: string, fields: Record<string, string> = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.fields = fields;
  }
}

type UnauthorizedListener = () => void;
const unauthorizedListeners = new Set<UnauthorizedListener>();

/** Called whenever the API answers 401 to a request that carried a token: the session is over. */
export function onUnauthorized(listener: UnauthorizedListener): () => void {
  unauthorizedListeners.add(listener);
  return () => unauthorizedListeners.delete(listener);
}

type Body = FormData | object | undefined;

/** An answer's JSON and its headers (for `X-Total-Count` on paged lists). */
type Answer<T> = { data: T; headers: Headers };

async function request<T>(method: string, path: string, body?: Body, extraHeaders?: Record<string, string>): Promise<T> {
  return (await send<T>(method, path, body, extraHeaders)).data;
}

async function send<T>(method: string, path: string, body?: Body, extraHeaders?: Record<string, string>): Promise<Answer<T>> {
  const headers: Record<string, string> = { Accept: 'application/json', ...extraHeaders };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;

  let payload: BodyInit | undefined;
  if (body instanceof FormData) {
    payload = body; // the browser sets the multipart boundary itself
  } else if (body !== undefined) {
    headers['Content-Type'] = 'application/json';
    payload = JSON.stringify(body);
  }

  let response: Response;
  try {
    response = await fetch(`/api${path}`, { method, headers, body: payload });
  } catch {
    throw new ApiError(0, 'The shop cannot be reached. Check your connection and try again.');
  }

  if (response.status === 401 && token) {
    clearToken();
    unauthorizedListeners.forEach((listener) => listener());
  }

  const text = await response.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = undefined;
    }
  }

  if (!response.ok) {
    const err = (data ?? {}) as { error?: unknown; fields?: unknown };
    const message = typeof err.error === 'string' ? err.error : `Request failed (${response.status})`;
    const fields =
      err.fields && typeof err.fields === 'object' ? (err.fields as Record<string, string>) : undefined;
    throw new ApiError(response.status, message, fields);
  }
  return { data: data as T, headers: response.headers };
}

/**
 * A page of a list and the total it is a page of (the `X-Total-Count` header); for a catalogue
 * search whose misspelt word the shop corrected, the search as it read it (`X-Search-Corrected`).
 */
export type Page<T> = { items: T[]; total: number; corrected?: string };

/** The one client for the shop's /api routes (same origin). */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  /** `headers`: extra request headers, such as a restock's `Idempotency-Key`. */
  post: <T>(path: string, body?: Body, headers?: Record<string, string>) => request<T>('POST', path, body, headers),
  put: <T>(path: string, body?: Body) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: Body) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** GET of a paged list: its items and `X-Total-Count` (the page's length when the header is missing). */
  getPage: async <T>(path: string): Promise<Page<T>> => {
    const { data, headers } = await send<T[]>('GET', path);
    const items = Array.isArray(data) ? data : [];
    const total = Number.parseInt(headers.get('X-Total-Count') ?? '', 10);
    const corrected = headers.get('X-Search-Corrected');
    return { items, total: Number.isFinite(total) && total >= 0 ? total : items.length, ...(corrected ? { corrected } : {}) };
  },
};

/** A message a person can read, from whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
