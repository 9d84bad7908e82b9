import type { UseMutationResult, UseQueryResult } from '@tanstack/react-query';
import { useState, type ComponentType, type ReactNode } from 'react';
import { DataTable, type DataColumn } from '@/components/ui/data-table';
import { ErrorBox } from '@/components/ui/error-box';
import { Modal } from '@/components/ui/modal';
import { Spinner } from '@/components/ui/spinner';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';

/** What a settings table hands its add-or-edit form: the row to change (none for a new one), and how to close the dialog. */
export type RowFormProps<Row> = { row?: Row; onDone: () => void };

type Row = { _id: string };

type SettingsTableProps<R extends Row> = {
  /** The rows: their query. */
  rows: UseQueryResult<R[]>;
  /** The spinner's words while they load, e.g. "Loading delivery methods". */
  loadingLabel: string;
  /** Said when there are none. */
  emptyText: string;
  /** The columns before Edit and Delete. */
  columns: readonly DataColumn<R>[];
  /** A row as its buttons and dialogs name it: "Courier" gives "Edit Courier" and "Delete Courier?". */
  rowName: (row: R) => string;
  /** The add button's words, e.g. "Add delivery method". */
  addLabel: string;
  /** The add dialog's title, e.g. "New delivery method". */
  newTitle: string;
  /** The add-or-edit form shown in the dialog; it saves, and says so, itself. */
  form: ComponentType<RowFormProps<R>>;
  /** Deletes a row by its id: the delete mutation. */
  remove: Pick<UseMutationResult<unknown, Error, string>, 'mutate' | 'isPending'>;
  /** Said once a row is deleted, e.g. "Courier is deleted." */
  deletedMessage: (row: R) => string;
  /** The delete dialog's warning: what deleting the row changes. */
  deleteWarning: (row: R) => ReactNode;
};

/**
 * A list of settings an admin adds, edits and deletes (delivery methods, tax rates): loading, a
 * failed load, none yet, or a table with Edit and Delete on every row; an add button; the add or
 * edit form in a dialog; and a dialog to confirm a delete.
 */
export function SettingsTable<R extends Row>({
  rows,
  loadingLabel,
  emptyText,
  columns,
  rowName,
  addLabel,
  newTitle,
  form: Form,
  remove,
  deletedMessage,
  deleteWarning,
}: SettingsTableProps<R>) {
  /** The row being edited: none, a new one, or this one. */
  const [editing, setEditing] = useState<null | 'new' | R>(null);
  const [deleting, setDeleting] = useState<R | null>(null);

  const actions: DataColumn<R> = {
    header: 'Actions',
    hideHeader: true,
    cell: (row) => (
      <div className="flex justify-end gap-2">
        <button type="button" className="btn btn-sm btn-outline" aria-label={`Edit ${rowName(row)}`} onClick={() => setEditing(row)}>
          Edit
        </button>
        <button type="button" className="btn btn-sm btn-error" aria-label={`Delete ${rowName(row)}`} onClick={() => setDeleting(row)}>
          Delete
        </button>
      </div>
    ),
  };

  return (
    <div className="grid gap-4">
      {rows.isPending ? <Spinner label={loadingLabel} /> : null}
      {rows.isError ? <ErrorBox error={rows.error} onRetry={() => void rows.refetch()} /> : null}
      {rows.data?.length === 0 ? <p className="rounded-box border border-dashed border-base-300 p-6 text-base-content/75">{emptyText}</p> : null}
      {rows.data && rows.data.length > 0 ? <DataTable rows={rows.data} columns={[...columns, actions]} tableClassName="table table-sm sm:table-md" /> : null}
      <div>
        <button type="button" className="btn btn-primary" onClick={() => setEditing('new')}>
          {addLabel}
        </button>
      </div>
      <Modal
        open={editing !== null}
        title={editing === 'new' || editing === null ? newTitle : `Edit ${rowName(editing)}`}
        onClose={() => setEditing(null)}
      >
        {editing !== null ? (
          <Form key={editing === 'new' ? 'new' : editing._id} row={editing === 'new' ? undefined : editing} onDone={() => setEditing(null)} />
        ) : null}
      </Modal>
      <DeleteModal
        row={deleting}
        rowName={rowName}
        remove={remove}
        deletedMessage={deletedMessage}
        deleteWarning={deleteWarning}
        onClose={() => setDeleting(null)}
      />
    </div>
  );
}

type DeleteModalProps<R extends Row> = Pick<SettingsTableProps<R>, 'rowName' | 'remove' | 'deletedMessage' | 'deleteWarning'> & {
  row: R | null;
  onClose: () => void;
};

function DeleteModal<R extends Row>({ row, rowName, remove, deletedMessage, deleteWarning, onClose }: DeleteModalProps<R>) {
  const confirm = () => {
    if (!row) return;
    remove.mutate(row._id, {
      onSuccess: () => {
        notify.success(deletedMessage(row));
        onClose();
      },
      onError: (error) => notify.error(errorMessage(error)),
    });
  };
  return (
    <Modal open={row !== null} title={row ? `Delete ${rowName(row)}?` : ''} onClose={onClose}>
      {row ? deleteWarning(row) : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onClose}>
          Cancel
        </button>
        <button type="button" className="btn btn-error" disabled={remove.isPending} onClick={confirm}>
          Delete
        </button>
      </div>
    </Modal>
  );
}
