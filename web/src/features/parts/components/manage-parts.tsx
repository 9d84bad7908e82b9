import { useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { useMoney } from '@/lib/config';
import { useParts } from '../api/get-parts';
import type { Part } from '../types';
import { DeletePartModal } from './delete-part-modal';
import { EditPartModal } from './edit-part-modal';

/** Manage Parts: every part with its price and stock, Edit and Delete. */
export function ManageParts() {
  const parts = useParts();
  const money = useMoney();
  const [deleting, setDeleting] = useState<Part | null>(null);
  const [editing, setEditing] = useState<Part | null>(null);

  if (parts.isPending) return <Spinner label="Loading parts" />;
  if (parts.isError) return <ErrorBox error={parts.error} onRetry={() => void parts.refetch()} />;
  if (parts.data.length === 0) return <p>No parts yet. Add one from Add A New Part.</p>;

  return (
    <>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col">Price</th>
              <th scope="col">Stock</th>
              <th scope="col" className="hidden sm:table-cell">
                Min. order
              </th>
              <th scope="col">
                <span className="sr-only">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {parts.data.map((part) => (
              <tr key={part._id}>
                <td>
                  <div className="flex items-center gap-3">
                    <img src={part.img} alt="" width={48} height={48} loading="lazy" className="hidden h-12 w-12 rounded object-cover sm:block" />
                    <span className="font-medium">{part.name}</span>
                  </div>
                </td>
                <td className="whitespace-nowrap">{money(part.price)}</td>
                <td>{part.availableQuantity}</td>
                <td className="hidden sm:table-cell">{part.minimumOrder}</td>
                <td>
                  <div className="flex flex-wrap justify-end gap-2">
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      aria-label={`Edit ${part.name}`}
                      onClick={() => setEditing(part)}
                    >
                      Edit
                    </button>
                    <button
                      type="button"
                      className="btn btn-sm btn-error"
                      aria-label={`Delete ${part.name}`}
                      onClick={() => setDeleting(part)}
                    >
                      Delete
                    </button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <DeletePartModal part={deleting} onClose={() => setDeleting(null)} />
      <EditPartModal part={editing} onClose={() => setEditing(null)} />
    </>
  );
}
