import { Modal } from '@/components/ui/modal';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { useDeletePart } from '../api/delete-part';
import type { Part } from '../types';

/** Manage Parts' delete confirmation: Delete removes the part, Cancel closes. */
export function DeletePartModal({ part, onClose }: { part: Part | null; onClose: () => void }) {
  const deletePart = useDeletePart();

  const confirm = () => {
    if (!part) return;
    deletePart.mutate(part._id, {
      onSuccess: () => {
        notify.success(`${part.name} is deleted.`);
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };

  return (
    <Modal open={part !== null} title={`Delete ${part?.name ?? 'part'}?`} onClose={onClose}>
      <p>
        Are you sure you want to delete <strong>{part?.name}</strong>? It disappears from the shop at once;
        orders already placed keep its name and price.
      </p>
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-error" disabled={deletePart.isPending} onClick={confirm}>
          {deletePart.isPending ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Delete
        </button>
      </div>
    </Modal>
  );
}
