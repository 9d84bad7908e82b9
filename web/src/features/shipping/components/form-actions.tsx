/** The end of a shipping method's or a tax rate's form: why saving failed, if it did, then Cancel and Save. */
export function FormActions({ failure, submitting, onCancel }: { failure: string | null; submitting: boolean; onCancel: () => void }) {
  return (
    <>
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
    </>
  );
}
