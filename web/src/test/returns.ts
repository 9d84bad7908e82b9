import type { ReturnPolicy, ReturnView } from '@/features/returns/types';

/**
 * Ann's return RMA-12 of two of the three brake pads of order #9 (they do not fit her Corolla), as
 * `/api/returns/12` answers it while requested, with `overrides`.
 */
export function makeReturn(overrides: Partial<ReturnView> = {}): ReturnView {
  return {
    _id: '12',
    number: 'RMA-12',
    bookingId: '9',
    buyerEmail: 'ann@example.com',
    buyerName: 'Ann Lee',
    state: 'requested',
    reason: 'doesNotFit',
    note: '',
    image: null,
    lines: [{ position: 1, partId: '7', partName: 'Brake Pads', quantity: 2, unitPrice: 12.5, vehicle: '2014 Toyota Corolla', coreCharge: 0 }],
    instructions: null,
    rejection: null,
    condition: null,
    deduction: 0,
    refund: { goods: 25, tax: 2, delivery: 0, core: 0, fee: 3.75, total: 23.25 },
    refundId: null,
    exchangeOrderId: null,
    createdAt: '2026-02-03T10:00:00Z',
    updatedAt: '2026-02-03T10:00:00Z',
    ...overrides,
  };
}

/** The shop's default policy: 30 days, a 15% restocking fee, 90 days to return a core. */
export const POLICY: ReturnPolicy = { returnDays: 30, restockingFee: { kind: 'percent', amount: 15 }, coreReturnDays: 90 };
