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

/** One page of a list and the total the server counted for it (`X-Total-Count`). */
export type Page<T> = { items: T[]; total: number };

async function request<T>(method: string, path: string, body?: Body): Promise<T> {
  return (await send(method, path, body)).data as T;
}

async function send(method: string, path: string, body?: Body): Promise<{ data: unknown; headers: Headers }> {
  const headers: Record<string, string> = { Accept: 'application/json' };
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
  return { data, headers: response.headers };
}

/** The one client for the shop's /api routes (same origin). */
export const api = {
  get: <T>(path: string) => request<T>('GET', path),
  post: <T>(path: string, body?: Body) => request<T>('POST', path, body),
  put: <T>(path: string, body?: Body) => request<T>('PUT', path, body),
  patch: <T>(path: string, body?: Body) => request<T>('PATCH', path, body),
  delete: <T>(path: string) => request<T>('DELETE', path),
  /** A GET of a list that the server pages (`limit`, `offset`), with its total. */
  page: async <T>(path: string): Promise<Page<T>> => {
    const { data, headers } = await send('GET', path);
    return { items: data as T[], total: Number(headers.get('X-Total-Count') ?? 0) };
  },
};

/** A message a person can read, from whatever was thrown. */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  return 'Something went wrong. Please try again.';
}
