import { toast } from 'react-toastify';

/**
 * Toasts close after 5000 ms (spec section 9, set on the container); successes are polite status
 * messages, failures alerts. An `id` keeps one toast from showing twice for the same event.
 */
export const notify = {
  success: (message: string, id?: string) => toast.success(message, { role: 'status', toastId: id }),
  error: (message: string, id?: string) => toast.error(message, { role: 'alert', toastId: id }),
  info: (message: string, id?: string) => toast.info(message, { role: 'status', toastId: id }),
};
