/**
 * Toasts close after 5000 ms (set on the container); successes are polite status
 * messages, failures alerts. An `id` keeps one toast from showing twice for the same event.
 *
 * The toast library is loaded on the first toast, not with the home page: `toastsWanted` tells the
 * app when to mount the container, and toasts raised before it mounts wait in the library's queue.
 */
type Kind = 'success' | 'error' | 'info';

let wanted = false;
const listeners = new Set<() => void>();

/** For useSyncExternalStore: whether any toast was raised yet. */
export function toastsWanted(): boolean {
  return wanted;
}

export function subscribeToToasts(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function show(kind: Kind, message: string, id?: string): void {
  if (!wanted) {
    wanted = true;
    listeners.forEach((listener) => listener());
  }
  void import('react-toastify').then(({ toast }) =>
    toast[kind](message, { role: kind === 'error' ? 'alert' : 'status', toastId: id }),
  );
}

export const notify = {
  success: (message: string, id?: string) => show('success', message, id),
  error: (message: string, id?: string) => show('error', message, id),
  info: (message: string, id?: string) => show('info', message, id),
};
