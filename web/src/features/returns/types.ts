// The shapes of the returns routes, as the shop's API document names them (ReturnView,
// ReturnLineView, ReturnRefund, ReturnPolicy, RestockingFee, ReturnRequest), with the fields the
// document leaves plain strings narrowed to their values (`Narrowed`: once the document names the
// values, the generated types take over).
import type {
  ApproveRequest,
  Narrowed,
  ReceiveRequest,
  RejectRequest,
  RestockingFee as ApiRestockingFee,
  ReturnLineRequest,
  ReturnLineView,
  ReturnPolicy as ApiReturnPolicy,
  ReturnPolicyRequest,
  ReturnRequest,
  ReturnView as ApiReturnView,
} from '@/api/types';

/** Why the buyer sends the parts back. */
export type ReturnReason = ReturnRequest['reason'];

/** Where a return stands: requested, then approved or rejected; approved, then received, refunded and closed. */
export type ReturnState = Narrowed<ApiReturnView['state'], 'requested' | 'approved' | 'rejected' | 'received' | 'refunded' | 'closed'>;

/** How the parts came back: fit to sell again (back on the shelf), damaged, or not what the shop sent. */
export type ReturnCondition = ReceiveRequest['condition'];

/** How the restocking fee is worked out: none, a percentage of the goods returned, or a fixed amount. */
export type RestockingFeeKind = Narrowed<ApiRestockingFee['kind'], 'none' | 'percent' | 'fixed'>;

/** The restocking fee: `amount` is a percentage (0 to 100) or currency units, by `kind` (0 for none). */
export type RestockingFee = Omit<ApiRestockingFee, 'kind'> & { kind: RestockingFeeKind };

/** The shop's return policy: days from delivery or collection, and the restocking fee. */
export type ReturnPolicy = Omit<ApiReturnPolicy, 'restockingFee'> & { restockingFee: RestockingFee };

/**
 * A return (RMA) as the shop answers it: its number ("RMA-12") for the parcel, the order it returns
 * parts of, its lines, and what it refunds (once refunded, what was; before, what would be now).
 */
export type ReturnView = Omit<ApiReturnView, 'state' | 'reason' | 'condition'> & {
  state: ReturnState;
  reason: Narrowed<ApiReturnView['reason'], ReturnReason>;
  /** Once received: how the parts came back. */
  condition?: Narrowed<NonNullable<ApiReturnView['condition']>, ReturnCondition> | null;
};

/**
 * What a return refunds, in currency units: the goods, their share of the tax, the delivery (when
 * the shop was at fault), less the restocking fee; `total = goods + tax + delivery - fee`.
 */
export type ReturnRefund = ApiReturnView['refund'];

/** The staff's moves of a return, each `POST /api/admin/returns/{id}/{move}`. */
export type ReturnMove = 'approve' | 'reject' | 'receive' | 'refund' | 'close';

export type {
  ApproveRequest,
  ReceiveRequest,
  RejectRequest,
  ReturnLineRequest,
  ReturnLineView,
  ReturnPolicyRequest,
  ReturnRequest,
};
