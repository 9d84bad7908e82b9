import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { configKeys } from '@/lib/config';
import { PageTitle } from './page-title';

function renderTitle(title: string | undefined, shopName?: string) {
  const queryClient = new QueryClient();
  if (shopName) queryClient.setQueryData(configKeys.all, { shopName, currency: 'usd', paymentProvider: 'test', googleSignIn: false });
  return render(
    <QueryClientProvider client={queryClient}>
      <PageTitle title={title} />
    </QueryClientProvider>,
  );
}

describe('PageTitle', () => {
  it("names the page and the shop in the browser's tab, and nothing on the page", async () => {
    const { container } = renderTitle('Login', 'Corner Garage');
    await waitFor(() => expect(document.title).toBe('Login | Corner Garage'));
    expect(container).toBeEmptyDOMElement();
  });

  it("shows the shop's name alone on pages without a title, the default one until the shop says its own", async () => {
    renderTitle(undefined);
    await waitFor(() => expect(document.title).toBe('Parts Garage'));
  });
});
