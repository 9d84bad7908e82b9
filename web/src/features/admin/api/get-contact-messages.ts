import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { ContactMessage } from '@/api/types';
import { api } from '@/lib/api-client';
import { adminKeys } from './keys';

/** Messages per page. */
export const MESSAGES_PAGE_SIZE = 50;

/** One page of the contact form's messages, newest first, with how many there are. */
export function useContactMessages(page: number) {
  return useQuery({
    queryKey: adminKeys.messages(page),
    queryFn: () => api.getPage<ContactMessage>(`/admin/contact-messages?limit=${MESSAGES_PAGE_SIZE}&offset=${(page - 1) * MESSAGES_PAGE_SIZE}`),
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
