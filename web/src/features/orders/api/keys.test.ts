import { describe, expect, it } from 'vitest';
import { isKeptOnSignOut } from '@/lib/auth';
import { adminOrdersQueryOptions } from './get-admin-orders';
import { orderQueryOptions } from './get-order';
import { ordersQueryOptions } from './get-orders';
import { orderKeys } from './keys';
import { paymentIntentQueryOptions } from './pay-order';

const startsWith = (key: readonly unknown[], prefix: readonly unknown[]) => expect(key.slice(0, prefix.length)).toEqual(prefix);

describe('orderKeys', () => {
  it('nest general to specific under all', () => {
    startsWith(orderKeys.list('ann@example.com'), orderKeys.lists());
    startsWith(orderKeys.adminList('paid', 2), orderKeys.adminLists());
    startsWith(orderKeys.detail('9'), orderKeys.details());
    startsWith(orderKeys.payment('9'), orderKeys.payments());
    for (const key of [orderKeys.lists(), orderKeys.adminLists(), orderKeys.details(), orderKeys.payments()]) startsWith(key, orderKeys.all);
  });

  it("keep an order's payment apart from the order, so refreshing the order never refetches it", () => {
    expect(orderKeys.payment('9').slice(0, orderKeys.detail('9').length)).not.toEqual(orderKeys.detail('9'));
  });

  it("are the keys the orders' queries ask for", () => {
    expect(ordersQueryOptions('ann@example.com').queryKey).toEqual(orderKeys.list('ann@example.com'));
    expect(orderQueryOptions('9').queryKey).toEqual(orderKeys.detail('9'));
    expect(adminOrdersQueryOptions('paid', 2).queryKey).toEqual(orderKeys.adminList('paid', 2));
    expect(paymentIntentQueryOptions('9').queryKey).toEqual(orderKeys.payment('9'));
  });

  it('are forgotten on sign-in and sign-out: orders are private', () => {
    for (const key of [orderKeys.list('ann@example.com'), orderKeys.adminList('all', 1), orderKeys.detail('9'), orderKeys.payment('9')]) {
      expect(isKeptOnSignOut(key)).toBe(false);
    }
  });
});
