import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorBox } from '@/components/ui/error-box';
import { Pager } from '@/components/ui/pager';
import { SearchWords } from '@/components/ui/search-words';
import { Spinner } from '@/components/ui/spinner';
import { useMoney } from '@/lib/config';
import { ADMIN_PARTS_PAGE_SIZE, useAdminParts } from '../api/get-parts';
import type { Part } from '../types';
import { DeletePartModal } from './delete-part-modal';
import { EditPartModal } from './edit-part-modal';
import { RestockModal } from './restock-modal';
import { PartPicture } from '@/components/ui/part-picture';

/** The longest search the shop accepts. */
const MAX_SEARCH = 200;

/** The search from the address: its words, trimmed, at most as long as the shop takes. */
function parseSearch(value: string | null): string {
  return (value ?? '').trim().slice(0, MAX_SEARCH);
}

/** A page number from the address: a whole number from 1, else 1. */
function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page >= 1 ? page : 1;
}

/** A count as the admin reads it: 1,234. */
const count = (n: number) => n.toLocaleString('en-US');

/** The mark on a part whose stock is at or below its reorder level. */
function LowStock() {
  return <span className="badge badge-warning badge-sm whitespace-nowrap font-semibold">Low stock</span>;
}

type Actions = { onRestock: (part: Part) => void; onEdit: (part: Part) => void; onDelete: (part: Part) => void };

/**
 * Manage Parts: the parts a page at a time, newest first (a search by name, part number or OEM
 * number lists the best match first), each with its price and stock (low stock marked), Restock,
 * Edit and Delete. The search and page live in the address (`?q=…&page=…`), so a reload or the
 * back button shows the same list.
 */
export function ManageParts() {
  const [params, setParams] = useSearchParams();
  const q = parseSearch(params.get('q'));
  const page = parsePage(params.get('page'));
  const parts = useAdminParts(q, page);
  const [deleting, setDeleting] = useState<Part | null>(null);
  const [editing, setEditing] = useState<Part | null>(null);
  const [restocking, setRestocking] = useState<Part | null>(null);

  const show = (next: { q?: string; page?: number }) => {
    const nextQ = next.q ?? q;
    const nextPage = next.page ?? page;
    const search = new URLSearchParams();
    if (nextQ) search.set('q', nextQ);
    if (nextPage > 1) search.set('page', String(nextPage));
    setParams(search);
  };

  return (
    <>
      <SearchForm q={q} onSearch={(words) => show({ q: words, page: 1 })} />
      <PartList
        parts={parts}
        q={q}
        page={page}
        onPage={(next) => show({ page: next })}
        onClearSearch={() => show({ q: '', page: 1 })}
        actions={{ onRestock: setRestocking, onEdit: setEditing, onDelete: setDeleting }}
      />
      <DeletePartModal part={deleting} onClose={() => setDeleting(null)} />
      <EditPartModal part={editing} onClose={() => setEditing(null)} />
      <RestockModal part={restocking} onClose={() => setRestocking(null)} />
    </>
  );
}

/** "Search parts": names, part numbers and OEM numbers, from the first page. */
function SearchForm({ q, onSearch }: { q: string; onSearch: (q: string) => void }) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  // The address changed under the box (back, forward, a cleared search): the box shows its words.
  // The box is kept, not drawn anew, so the focus stays in it after a search.
  useEffect(() => {
    const input = form.current?.elements.namedItem('q');
    if (input instanceof HTMLInputElement && input.value.trim() !== q) input.value = q;
  }, [q]);
  return (
    <form
      ref={form}
      role="search"
      className="mb-4 flex flex-col gap-1 sm:max-w-md"
      onSubmit={(event) => {
        event.preventDefault();
        onSearch(parseSearch(String(new FormData(event.currentTarget).get('q') ?? '')));
      }}
    >
      <label htmlFor={id} className="text-sm font-semibold">
        Search parts
      </label>
      <SearchWords id={id} value={q} />
    </form>
  );
}

type PartListProps = {
  parts: ReturnType<typeof useAdminParts>;
  q: string;
  page: number;
  onPage: (page: number) => void;
  onClearSearch: () => void;
  actions: Actions;
};

function PartList({ parts, q, page, onPage, onClearSearch, actions }: PartListProps) {
  if (parts.isPending) return <Spinner label="Loading parts" />;
  if (parts.isError) return <ErrorBox error={parts.error} onRetry={() => void parts.refetch()} />;

  const { items, total } = parts.data;
  if (items.length === 0) {
    if (total === 0 && !q) return <p>No parts yet. Add one from Add A New Part.</p>;
    return (
      <div className="rounded-box border border-dashed border-base-300 p-8 text-center">
        <p>{total === 0 ? `No parts match “${q}”.` : `There is no page ${page} of these parts.`}</p>
        {total === 0 ? (
          <button type="button" className="btn btn-sm mt-4" onClick={onClearSearch}>
            Show every part
          </button>
        ) : (
          <button type="button" className="btn btn-sm mt-4" onClick={() => onPage(1)}>
            Back to the first page
          </button>
        )}
      </div>
    );
  }

  const order = q ? 'best match first' : 'newest first';
  return (
    <div>
      <div
        className={`overflow-x-auto rounded-box border border-base-300 bg-base-100 ${parts.isPlaceholderData ? 'opacity-60' : ''}`}
        aria-busy={parts.isFetching}
      >
        <table className="table table-sm sm:table-md">
          <caption className="sr-only">Parts, {order}</caption>
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
            {items.map((part) => (
              <PartRow key={part._id} part={part} actions={actions} />
            ))}
          </tbody>
        </table>
      </div>
      <PartPages page={parts.data.page} total={total} shown={items.length} order={order} onPage={onPage} />
    </div>
  );
}

function PartRow({ part, actions }: { part: Part; actions: Actions }) {
  const money = useMoney();
  return (
    <tr>
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
          <button type="button" className="btn btn-sm btn-primary" aria-label={`Restock ${part.name}`} onClick={() => actions.onRestock(part)}>
            Restock
          </button>
          <button type="button" className="btn btn-sm btn-outline" aria-label={`Edit ${part.name}`} onClick={() => actions.onEdit(part)}>
            Edit
          </button>
          <button type="button" className="btn btn-sm btn-error" aria-label={`Delete ${part.name}`} onClick={() => actions.onDelete(part)}>
            Delete
          </button>
        </div>
      </td>
    </tr>
  );
}

/** Which parts of how many are shown, in what order, and the buttons to the other pages. */
function PartPages({ page, total, shown, order, onPage }: { page: number; total: number; shown: number; order: string; onPage: (page: number) => void }) {
  const pages = Math.max(1, Math.ceil(total / ADMIN_PARTS_PAGE_SIZE));
  const first = (page - 1) * ADMIN_PARTS_PAGE_SIZE + 1;
  return (
    <nav aria-label="Pages" className="mt-4 flex flex-wrap items-center justify-between gap-3">
      <p className="text-sm text-base-content/75" aria-live="polite">
        {count(first)}–{count(first + shown - 1)} of {count(total)} {total === 1 ? 'part' : 'parts'}, {order}
      </p>
      <Pager page={page} pages={pages} onPage={onPage} />
    </nav>
  );
}
