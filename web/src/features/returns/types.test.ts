import { describe, expectTypeOf, it } from 'vitest';
import type { RestockingFeeKind, ReturnCondition, ReturnReason, ReturnState, ReturnView } from './types';

describe('return types', () => {
  it('narrow the states, reasons, conditions and fee kinds to their values', () => {
    expectTypeOf<ReturnState>().toEqualTypeOf<'requested' | 'approved' | 'rejected' | 'received' | 'refunded' | 'closed'>();
    expectTypeOf<ReturnReason>().toEqualTypeOf<
      'doesNotFit' | 'faulty' | 'damagedInTransit' | 'wrongPartSent' | 'noLongerNeeded' | 'orderedByMistake' | 'core'
    >();
    expectTypeOf<ReturnCondition>().toEqualTypeOf<'resalable' | 'damaged' | 'notAsSent'>();
    expectTypeOf<RestockingFeeKind>().toEqualTypeOf<'none' | 'percent' | 'fixed'>();
    expectTypeOf<ReturnView['state']>().toEqualTypeOf<ReturnState>();
    expectTypeOf<ReturnView['reason']>().toEqualTypeOf<ReturnReason>();
  });
});
