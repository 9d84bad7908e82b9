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

/** Why the buyer sends the parts back; `core` is an old part sent back for its deposit. */
export type ReturnReason = ReturnRequest['reason'];

/** Where a return stands: requested, then approved or rejected; approved, then received, refunded and closed. */
export type ReturnState = Narrowed<ApiReturnView['state'], 'requested' | 'approved' | 'rejected' | 'received' | 'refunded' | 'closed'>;

/**
 * How the parts came back: fit to sell again (back on the shelf), damaged, or not what the shop
 * sent; for a core, whether it can be rebuilt (a core never goes back on the shelf).
 */
export type ReturnCondition = ReceiveRequest['condition'];

/** How the restocking fee is worked out: none, a percentage of the goods returned, or a fixed amount. */
export type RestockingFeeKind = Narrowed<ApiRestockingFee['kind'], 'none' | 'percent' | 'fixed'>;

/** The restocking fee: `amount` is a percentage (0 to 100) or currency units, by `kind` (0 for none). */
export type RestockingFee = Omit<ApiRestockingFee, 'kind'> & { kind: RestockingFeeKind };

/**
 * The shop's return policy: days from delivery or collection, the restocking fee, and the days an
 * old part (core) may come back for its deposit.
 */
export type ReturnPolicy = Omit<ApiReturnPolicy, 'restockingFee'> & { restockingFee: RestockingFee };

/**
 * A return (RMA) as the shop answers it: its number ("RMA-12") for the parcel, the order it returns
 * parts of, its lines (each with its unit deposit, `coreCharge`), what the staff took off a core's
 * deposit on receipt (`deduction`), and what it refunds (once refunded, what was; before, what
 * would be now).
 */
export type ReturnView = Omit<ApiReturnView, 'state' | 'reason' | 'condition'> & {
  state: ReturnState;
  reason: Narrowed<ApiReturnView['reason'], ReturnReason>;
  /** Once received: how the parts came back. */
  condition?: Narrowed<NonNullable<ApiReturnView['condition']>, ReturnCondition> | null;
};

/**
 * What a return refunds, in currency units: the goods, their share of the tax, the delivery (when
 * the shop was at fault), the core deposits of the units sent back, less the restocking fee (for a
 * core return, the deduction); `total = goods + tax + delivery + core - fee`.
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
