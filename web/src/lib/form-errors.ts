import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api-client';

/** Puts the server's per-field messages (`fields` of a 400) under the matching inputs. */
export function applyServerFieldErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  known: readonly Path<T>[],
): void {
  if (!(error instanceof ApiError)) return;
  for (const [field, message] of Object.entries(error.fields)) {
    const name = field as Path<T>;
    if (known.includes(name)) setError(name, { type: 'server', message });
  }
}
