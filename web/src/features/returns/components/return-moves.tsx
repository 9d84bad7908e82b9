import { allowedReturnMoves, MOVE_LABELS } from '../states';
import type { ReturnMove, ReturnView } from '../types';

const MOVE_STYLES: Record<ReturnMove, string> = {
  approve: 'btn-primary',
  reject: 'btn-outline btn-error',
  receive: 'btn-primary',
  refund: 'btn-success',
  close: 'btn-outline',
};

/** The buttons for the moves this return's state allows; none for a closed return. */
export function ReturnMoves({
  ret,
  onMove,
  className = '',
}: {
  ret: ReturnView;
  onMove: (ret: ReturnView, move: ReturnMove) => void;
  className?: string;
}) {
  const moves = allowedReturnMoves(ret.state);
  if (moves.length === 0) return null;
  return (
    <div className={`flex gap-2 ${className}`}>
      {moves.map((move) => (
        <button
          key={move}
          type="button"
          className={`btn btn-sm ${MOVE_STYLES[move]}`}
          aria-label={`${MOVE_LABELS[move]} return ${ret.number}`}
          onClick={() => onMove(ret, move)}
        >
          {MOVE_LABELS[move]}
        </button>
      ))}
    </div>
  );
}
