import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Narrowed, PublicConfig } from '@/api/types';
import { api } from './api-client';

/** What `/api/config` tells the app about the shop (the document gives the provider as a plain string). */
export type ShopConfig = Omit<PublicConfig, 'paymentProvider'> & {
  paymentProvider: Narrowed<PublicConfig['paymentProvider'], 'test' | 'stripe'>;
};

export const DEFAULT_SHOP_NAME = 'Parts Garage';

/** The shop's config query key (one answer, the same for everyone). */
export const configKeys = {
  all: ['config'] as const,
};

export const configQueryOptions = () =>
  queryOptions({
    queryKey: configKeys.all,
    queryFn: () => api.get<ShopConfig>('/config'),
    staleTime: Infinity,
  });

export function useConfig() {
  return useQuery(configQueryOptions());
}

/** Formats an amount in currency units (12.5 → "$12.50") in the shop's currency. */
export function formatMoney(amount: number, currency = 'usd'): string {
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(amount);
  } catch {
    return `${amount.toFixed(2)} ${currency.toUpperCase()}`;
  }
}

/** A formatter bound to the shop's currency from `/api/config`. */
export function useMoney(): (amount: number) => string {
  const { data } = useConfig();
  const currency = data?.currency ?? 'usd';
  return useMemo(() => (amount: number) => formatMoney(amount, currency), [currency]);
}
