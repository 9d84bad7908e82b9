import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { DeletedCount } from '@/api/types';
import type { Address, AddressRequest } from '@/features/cart/api-types';
import { cartKeys } from '@/features/cart/api/keys';
import { api } from '@/lib/api-client';
import { addressKeys } from './keys';

const addressPath = (id: string) => `/addresses/${encodeURIComponent(id)}`;

/**
 * The book with `saved` in it at once (the default first, then the newest), so a page can choose
 * the address it has just added before the book is asked for again.
 */
export function withSaved(book: readonly Address[], saved: Address): Address[] {
  const updated = book.map((a) => (a._id === saved._id ? saved : saved.isDefault ? { ...a, isDefault: false } : a));
  const list = book.some((a) => a._id === saved._id) ? updated : [saved, ...updated];
  return [...list.filter((a) => a.isDefault), ...list.filter((a) => !a.isDefault)];
}

function saved(queryClient: QueryClient, address: Address) {
  queryClient.setQueryData<Address[]>(addressKeys.list(), (book) => (book ? withSaved(book, address) : book));
  return bookChanged(queryClient);
}

/** The book changed: it is asked for again, and so are checkout prices (tax goes by the address). */
function bookChanged(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: addressKeys.all }),
    queryClient.invalidateQueries({ queryKey: cartKeys.checkouts() }),
  ]);
}

/** Adds an address to the book (the first one becomes the default). */
export function useCreateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: AddressRequest) => api.post<Address>('/addresses', input),
    onSuccess: (address) => saved(queryClient, address),
  });
}

/** Changes an address; `isDefault: true` makes it the default. */
export function useUpdateAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: AddressRequest }) => api.put<Address>(addressPath(id), input),
    onSuccess: (address) => saved(queryClient, address),
  });
}

/** Takes an address out of the book; orders keep their own copy of it. */
export function useDeleteAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<DeletedCount>(addressPath(id)),
    onSuccess: () => bookChanged(queryClient),
  });
}
