import { useState } from 'react';
import { ErrorBox } from '@/components/ui/error-box';
import { Spinner } from '@/components/ui/spinner';
import { useMoney } from '@/lib/config';
import { useParts } from '../api/get-parts';
import type { Part } from '../types';
import { DeletePartModal } from './delete-part-modal';
import { EditPartModal } from './edit-part-modal';
import { RestockModal } from './restock-modal';
import { PartPicture } from '@/components/ui/part-picture';

/** The mark on a part whose stock is at or below its reorder level. */
function LowStock() {
  return <span className="badge badge-warning badge-sm whitespace-nowrap font-semibold">Low stock</span>;
}

/** Manage Parts: every part with its price and stock (low stock marked), Restock, Edit and Delete. */
export function ManageParts() {
  const parts = useParts();
  const money = useMoney();
  const [deleting, setDeleting] = useState<Part | null>(null);
  const [editing, setEditing] = useState<Part | null>(null);
  const [restocking, setRestocking] = useState<Part | null>(null);

  if (parts.isPending) return <Spinner label="Loading parts" />;
  if (parts.isError) return <ErrorBox error={parts.error} onRetry={() => void parts.refetch()} />;
  if (parts.data.length === 0) return <p>No parts yet. Add one from Add A New Part.</p>;

  return (
    <>
      <div className="overflow-x-auto rounded-box border border-base-300 bg-base-100">
        <table className="table table-sm sm:table-md">
          <thead>
            <tr>
              <th scope="col">Part</th>
              <th scope="col" className="hidden sm:table-cell">
                Price
              </th>
              <th scope="col" className="hidden sm:table-cell">
                Stock
              </th>
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
                    <PartPicture src={part.img} alt="" width={48} height={48} loading="lazy" className="hidden h-12 w-12 rounded object-cover sm:block" />
                    <div>
                      <span className="font-medium">{part.name}</span> {part.lowStock ? <LowStock /> : null}
                      <p className="font-mono text-xs text-base-content/70">{part.sku}</p>
                      {/* Phones have no room for the price and stock columns. */}
                      <p className="text-xs text-base-content/75 sm:hidden">
                        {money(part.price)} · {part.availableQuantity} in stock
                      </p>
                    </div>
                  </div>
                </td>
                <td className="hidden whitespace-nowrap sm:table-cell">{money(part.price)}</td>
                <td className="hidden sm:table-cell">{part.availableQuantity}</td>
                <td className="hidden sm:table-cell">{part.minimumOrder}</td>
                <td>
                  <div className="flex flex-col items-stretch justify-end gap-2 sm:flex-row sm:items-center">
                    <button
                      type="button"
                      className="btn btn-sm btn-primary"
                      aria-label={`Restock ${part.name}`}
                      onClick={() => setRestocking(part)}
                    >
                      Restock
                    </button>
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
      <RestockModal part={restocking} onClose={() => setRestocking(null)} />
    </>
  );
}
