import { DEFAULT_SHOP_NAME, useConfig } from '@/lib/config';

/** Sets the browser tab's title to "Page | Shop name" (React 19 hoists <title> into <head>). */
export function PageTitle({ title }: { title?: string }) {
  const { data } = useConfig();
  const shop = data?.shopName ?? DEFAULT_SHOP_NAME;
  return <title>{title ? `${title} | ${shop}` : shop}</title>;
}
