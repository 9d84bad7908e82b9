import type { Order } from '@/features/orders/types';

/** Ann's unpaid order of three brake pads, as `/api/booking` answers it, with `overrides`. */
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
    ...overrides,
  };
}
