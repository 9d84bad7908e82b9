import { useEffect } from 'react';
import { DEFAULT_SHOP_NAME, useConfig } from '@/lib/config';

/** Sets the browser tab's title to "Page | Shop name" (the shop's name alone without a title). */
export function PageTitle({ title }: { title?: string }) {
  const { data } = useConfig();
  const shop = data?.shopName ?? DEFAULT_SHOP_NAME;
  const text = title ? `${title} | ${shop}` : shop;
  useEffect(() => {
    document.title = text;
  }, [text]);
  return null;
}
