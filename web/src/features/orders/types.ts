/** An order (booking) as the API answers it. */
export type Order = {
  _id: string;
  partId: string;
  partName: string;
  /** Order total in currency units, computed by the server (D3). */
  price: number;
  unitPrice: number;
  quantity: number;
  partOrder: number;
  buyer: string;
  buyerName: string;
  paid: boolean;
  transactionId: string | null;
  status: 'unpaid' | 'paid' | 'shipped' | 'cancelled';
  createdAt: string;
};

/** What the purchase page hands the Confirm Order modal. */
export type OrderDraft = { partId: string; partName: string; quantity: number; unitPrice: number };
