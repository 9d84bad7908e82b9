import type { Part } from '@/features/parts/types';

/** A part as `/api/part` answers it, with `overrides`. */
export function makePart(overrides: Partial<Part> = {}): Part {
  return {
    _id: '5',
    name: 'Serpentine Belt',
    description: 'Six-rib belt',
    img: '/api/image/belt.png',
    price: 20,
    availableQuantity: 7,
    minimumOrder: 5,
    sku: 'BLT-0005',
    oemNumbers: ['90916-02585'],
    category: 'Engine',
    fitments: [{ make: 'Toyota', model: 'Corolla', yearFrom: 2009, yearTo: 2019 }],
    reorderLevel: 5,
    weightKg: 0.3,
    coreCharge: 0,
    replaces: [],
    matchedReplaced: null,
    lowStock: false,
    createdAt: '2026-01-02T10:00:00Z',
    updatedAt: '2026-01-02T10:00:00Z',
    ...overrides,
  };
}
