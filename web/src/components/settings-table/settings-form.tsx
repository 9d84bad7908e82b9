import type { FormEventHandler, ReactNode } from 'react';

type SettingsFormProps = {
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** Why saving failed, if it did. */
  failure: string | null;
  submitting: boolean;
  onCancel: () => void;
  /** The fields. */
  children: ReactNode;
};

/**
 * A settings table's add-or-edit form (see `useSettingsForm`, whose `formProps` it takes): the
 * fields, then why saving failed, if it did, then Cancel and Save.
 */
export function SettingsForm({ onSubmit, failure, submitting, onCancel, children }: SettingsFormProps) {
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      {children}
      {failure ? (
        <p role="alert" className="text-sm font-medium text-error">
          {failure}
        </p>
      ) : null}
      <div className="modal-action">
        <button type="button" className="btn" onClick={onCancel}>
          Cancel
        </button>
        <button type="submit" className="btn btn-primary" disabled={submitting}>
          Save
        </button>
      </div>
    </form>
  );
}
