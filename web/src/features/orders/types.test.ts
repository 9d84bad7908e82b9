import { describe, expectTypeOf, it } from 'vitest';
import type { CancelReason, FulfilmentStatus, Order, OrderStatus, PaymentStatus } from './types';

describe('order types', () => {
  it('narrow the states of an order to their values', () => {
    expectTypeOf<PaymentStatus>().toEqualTypeOf<'unpaid' | 'paid' | 'refunded'>();
    expectTypeOf<FulfilmentStatus>().toEqualTypeOf<'pending' | 'shipped' | 'delivered' | 'cancelled'>();
    expectTypeOf<OrderStatus>().toEqualTypeOf<'unpaid' | 'paid' | 'shipped' | 'cancelled'>();
    expectTypeOf<CancelReason>().toEqualTypeOf<'buyer' | 'admin' | 'expired'>();
    expectTypeOf<Order['paymentStatus']>().toEqualTypeOf<PaymentStatus>();
  });
});
