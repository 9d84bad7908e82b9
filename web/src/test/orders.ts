import type { Order } from '@/features/orders/types';

/**
 * Ann's unpaid order of three brake pads, as `/api/booking` answers it, with `overrides`. It goes by
 * courier (shipped, then delivered); `PICKUP` makes it one collected at the counter.
 */
export function makeOrder(overrides: Partial<Order> = {}): Order {
  return {
    _id: '9',
    partId: '7',
    partName: 'Brake Pads',
    price: 37.5,
    unitPrice: 12.5,
    quantity: 3,
    partOrder: 3,
    buyer: 'ann@example.com',
    buyerName: 'Ann Lee',
    paid: false,
    transactionId: null,
    status: 'unpaid',
    paymentStatus: 'unpaid',
    fulfilmentStatus: 'pending',
    createdAt: '2026-01-02T10:00:00Z',
    updatedAt: '2026-01-02T10:00:00Z',
    deliveryMethod: { id: '3', name: 'Courier' },
    ...overrides,
  };
}

/** The override that makes an order one collected at the trade counter. */
export const PICKUP = { deliveryMethod: { id: 'pickup', name: 'Counter pickup' } } as const;
