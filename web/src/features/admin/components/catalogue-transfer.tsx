import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { ImportResult, RowError } from '@/api/types';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { partKeys } from '@/features/parts/api/keys';
import { countRows, downloadCatalogue, importCatalogue, ImportRefused, type UploadProgress } from '../api/catalogue-file';
import { adminKeys } from '../api/keys';

/**
 * Where an import stands: nothing chosen, being sent (`progress` until the whole file is up, then the
 * server works on it), checked (counts to confirm), refused, or done.
 */
type Step =
  | { kind: 'idle' }
  | { kind: 'sending'; dryRun: boolean; name: string; progress: UploadProgress | null; rows: number | null }
  | { kind: 'checked'; result: ImportResult }
  | { kind: 'refused'; message: string; errors: RowError[] }
  | { kind: 'done'; result: ImportResult };

/** The bar while a file is sent (how much of it has gone up), then what the server is doing with it. */
function Sending({ step }: { step: Extract<Step, { kind: 'sending' }> }) {
  const { progress } = step;
  const uploading = progress === null || progress.sent < progress.total;
  const percent = progress && progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const rows = step.rows === null ? 'the file' : `${step.rows.toLocaleString('en-US')} ${step.rows === 1 ? 'row' : 'rows'}`;
  const working = step.dryRun ? `Checking ${rows}…` : 'Applying…';
  const sendingLabel = `Sending ${step.name}: ${percent}%`;
  return (
    <div className="grid gap-1">
      <span role="status">{uploading ? `Sending ${step.name}…` : working}</span>
      {uploading ? (
        <>
          <progress className="progress progress-primary w-full" value={progress?.sent ?? 0} max={progress?.total || 1} aria-label={sendingLabel} />
          <span className="text-sm text-base-content/75" aria-hidden="true">
            {percent}%
          </span>
        </>
      ) : (
        <progress className="progress progress-primary w-full" aria-label={working} />
      )}
    </div>
  );
}

/** A value of a changed field as the audit log keeps it, for a person: cents as money, grams as kilograms. */
function shownValue(field: string, value: unknown): string {
  if (field === 'priceCents' && typeof value === 'number') return (value / 100).toFixed(2);
  if (field === 'weightGrams' && typeof value === 'number') return `${value / 1000} kg`;
  if (value === null || value === '' || (Array.isArray(value) && value.length === 0)) return '(none)';
  if (typeof value === 'string' || typeof value === 'number') return String(value);
  return JSON.stringify(value);
}

/** A changed field's name as the part's form names it. */
const FIELD_NAMES: Record<string, string> = { priceCents: 'price', weightGrams: 'weight', oemNumbers: 'OEM numbers', img: 'picture' };

/** The parts the import adds and those it changes, each change before → after (the first 100 of each). */
function NamedParts({ result }: { result: ImportResult }) {
  const { addedParts = [], updatedParts = [] } = result;
  if (addedParts.length === 0 && updatedParts.length === 0) return null;
  return (
    <div className="grid gap-3 text-sm">
      {addedParts.length > 0 ? (
        <section aria-label="Parts added">
          <h3 className="font-semibold">Added</h3>
          <ul className="list-disc pl-5">
            {addedParts.map((part) => (
              <li key={part.sku}>
                <span className="font-mono">{part.sku}</span> {part.name}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {updatedParts.length > 0 ? (
        <section aria-label="Parts updated">
          <h3 className="font-semibold">Updated</h3>
          <ul className="grid gap-1 pl-5 [list-style:disc]">
            {updatedParts.map((part) => (
              <li key={part.sku} className="break-words">
                <span className="font-mono">{part.sku}</span> {part.name}:{' '}
                {part.changes
                  .map((change) => `${FIELD_NAMES[change.field] ?? change.field} ${shownValue(change.field, change.before)} → ${shownValue(change.field, change.after)}`)
                  .join('; ')}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {result.added > addedParts.length || result.updated > updatedParts.length ? (
        <p className="text-base-content/75">The first {addedParts.length + updatedParts.length} are named here; the audit log lists them all.</p>
      ) : null}
    </div>
  );
}

function Counts({ result }: { result: ImportResult }) {
  return (
    <>
      <CountBoxes result={result} />
      <NamedParts result={result} />
    </>
  );
}

function CountBoxes({ result }: { result: ImportResult }) {
  return (
    <dl className="grid grid-cols-3 gap-3">
      {(
        [
          ['Added', result.added],
          ['Updated', result.updated],
          ['Unchanged', result.unchanged],
        ] as const
      ).map(([label, value]) => (
        <div key={label} className="rounded-box border border-base-300 p-3">
          <dt className="text-sm text-base-content/75">{label}</dt>
          <dd className="text-xl font-bold">{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The catalogue as a CSV file: Export downloads it; Import checks a chosen file first (a dry run
 * that writes nothing) and shows every wrong cell, or what the import would do with a button to
 * do it.
 */
export function CatalogueTransfer() {
  const queryClient = useQueryClient();
  const fileInput = useId();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>({ kind: 'idle' });
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      await downloadCatalogue();
    } catch (error) {
      notify.error(errorMessage(error));
    } finally {
      setExporting(false);
    }
  };

  const send = async (chosen: File, dryRun: boolean) => {
    setStep({ kind: 'sending', dryRun, name: chosen.name, progress: null, rows: null });
    // Counted while the file goes up, to say how many rows the server is checking.
    if (dryRun) {
      void chosen
        .text()
        .then((text) => countRows(text))
        .then((rows) => setStep((now) => (now.kind === 'sending' ? { ...now, rows } : now)))
        .catch(() => {});
    }
    try {
      const result = await importCatalogue(chosen, dryRun, (progress) =>
        setStep((now) => (now.kind === 'sending' ? { ...now, progress } : now)),
      );
      if (dryRun) {
        setStep({ kind: 'checked', result });
        return;
      }
      setStep({ kind: 'done', result });
      notify.success(`Catalogue imported: ${result.added} added, ${result.updated} updated.`);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: partKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]);
    } catch (error) {
      setStep({
        kind: 'refused',
        message: errorMessage(error),
        errors: error instanceof ImportRefused ? error.errors : [],
      });
    }
  };

  const sending = step.kind === 'sending';

  return (
    <div className="grid gap-8">
      <section aria-labelledby="export-heading" className="grid gap-2">
        <h2 id="export-heading" className="text-lg font-bold">
          Export
        </h2>
        <p>Every part as one CSV file (UTF-8), in the same columns the import reads.</p>
        <div>
          <button type="button" className="btn" onClick={() => void exportCsv()} disabled={exporting}>
            {exporting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
            Export CSV
          </button>
        </div>
      </section>

      <section aria-labelledby="import-heading" className="grid gap-4">
        <h2 id="import-heading" className="text-lg font-bold">
          Import
        </h2>
        <p>
          A CSV file with the export&apos;s header. Parts are matched by their part number (<code>sku</code>): new ones are added, known ones
          updated, but their stock is never changed. The file is checked first; nothing is written until you confirm.
        </p>
        <p>
          The export&apos;s last column, <code>coreCharge</code>, is a part&apos;s core charge (its refundable deposit, <code>0.00</code> for
          none). A file without that column, or a blank cell, leaves a known part&apos;s core charge as it is and gives a new part none.
        </p>
        <form
          className="flex flex-wrap items-end gap-3"
          onSubmit={(event) => {
            event.preventDefault();
            if (file) void send(file, true);
          }}
        >
          <label className="grid gap-1" htmlFor={fileInput}>
            <span className="text-sm font-semibold">CSV file</span>
            <input
              id={fileInput}
              type="file"
              accept=".csv,text/csv"
              className="file-input"
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setStep({ kind: 'idle' });
              }}
            />
          </label>
          <button type="submit" className="btn btn-primary" disabled={!file || sending}>
            Check file
          </button>
        </form>

        {step.kind === 'sending' ? <Sending step={step} /> : null}

        {step.kind === 'refused' ? (
          <div className="grid gap-3">
            <p role="alert" className="alert alert-error">
              {step.message}
            </p>
            {step.errors.length > 0 ? (
              <ScrollRegion label="Rows to fix">
                <table className="table table-sm">
                  <caption className="text-left font-semibold">Rows to fix</caption>
                  <thead>
                    <tr>
                      <th scope="col">Row</th>
                      <th scope="col">Column</th>
                      <th scope="col">Problem</th>
                    </tr>
                  </thead>
                  <tbody>
                    {step.errors.map((error, index) => (
                      <tr key={`${error.row}-${error.column}-${index}`}>
                        <td>{error.row}</td>
                        <td>
                          <code>{error.column}</code>
                        </td>
                        <td>{error.message}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </ScrollRegion>
            ) : null}
            <p className="text-sm text-base-content/75">Nothing was imported. Fix the file, choose it again and check it.</p>
          </div>
        ) : null}

        {step.kind === 'checked' ? (
          <div className="grid gap-3">
            <p role="status">The file is correct. Importing it will do this:</p>
            <Counts result={step.result} />
            <div>
              <button type="button" className="btn btn-primary" onClick={() => file && void send(file, false)}>
                Confirm import
              </button>
            </div>
          </div>
        ) : null}

        {step.kind === 'done' ? (
          <div className="grid gap-3">
            <p role="status" className="alert alert-success">
              The catalogue is imported.
            </p>
            <Counts result={step.result} />
          </div>
        ) : null}
      </section>
    </div>
  );
}
