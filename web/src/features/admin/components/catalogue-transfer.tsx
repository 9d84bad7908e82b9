import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useState } from 'react';
import type { ImportJob, ImportResult, RowError } from '@/api/types';
import { ScrollRegion } from '@/components/ui/scroll-region';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notify } from '@/lib/notify';
import { partKeys } from '@/features/parts/api/keys';
import { countRows, downloadCatalogue, fetchImportJob, fetchImportJobs, importCatalogue, ImportRefused, type UploadProgress } from '../api/catalogue-file';
import { adminKeys } from '../api/keys';

/** How often a running import is asked how far it is, and how long to wait after a failed ask. */
const POLL_MS = 1000;
const RETRY_MS = 5000;

/** How long the page still tells, on opening, of the last import that failed or was cut. */
const RECENT_MS = 24 * 60 * 60 * 1000;

/**
 * Where an import stands: nothing chosen, being sent (`progress` until the whole file is up, then the
 * server works on it), running in the background (followed; `trouble` when the last ask failed),
 * checked (counts to confirm), refused, stopped (failed or cut short), or done. A running job and a
 * check keep the file they are about (none for a job found on opening the page), so that Confirm
 * imports the file that was checked.
 */
type Step =
  | { kind: 'idle' }
  | { kind: 'sending'; dryRun: boolean; name: string; progress: UploadProgress | null; rows: number | null }
  | { kind: 'running'; job: ImportJob; file: File | null; trouble: boolean }
  | { kind: 'checked'; result: ImportResult; file: File | null }
  | { kind: 'refused'; message: string; errors: RowError[] }
  | { kind: 'stopped'; message: string }
  | { kind: 'done'; result: ImportResult };

/** A count as the page writes numbers: with thousands separators. */
function formatCount(value: number): string {
  return value.toLocaleString('en-US');
}

/** A finished job's counts, as the import answers them when it finishes while the request waits. */
function resultOf(job: ImportJob): ImportResult {
  const { added, updated, unchanged, addedParts, updatedParts, dryRun } = job;
  return { added, updated, unchanged, addedParts, updatedParts, dryRun };
}

/** Why a job stopped: the shop's words, else what the page knows. */
function stoppedMessage(job: ImportJob): string {
  if (job.error) return job.error;
  const where = `after ${formatCount(job.rowsDone)} of ${formatCount(job.rows)} rows`;
  return job.state === 'cut' ? `The shop stopped during this import ${where}; import the file again to finish it.` : `The import failed ${where}.`;
}

/** The bar while a file is sent (how much of it has gone up), then what the server is doing with it. */
function Sending({ step }: { step: Extract<Step, { kind: 'sending' }> }) {
  const { progress } = step;
  const uploading = progress === null || progress.sent < progress.total;
  const percent = progress && progress.total > 0 ? Math.floor((progress.sent / progress.total) * 100) : 0;
  const rows = step.rows === null ? 'the file' : `${formatCount(step.rows)} ${step.rows === 1 ? 'row' : 'rows'}`;
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

/** An import the shop runs in the background: how many of the file's rows it has done. */
function Running({ job, trouble }: { job: ImportJob; trouble: boolean }) {
  const verb = job.dryRun ? 'Checking' : 'Importing';
  const text = job.rows > 0 ? `${verb}: ${formatCount(job.rowsDone)} of ${formatCount(job.rows)} ${job.rows === 1 ? 'row' : 'rows'}` : `${verb}…`;
  return (
    <div className="grid gap-1">
      <span role="status">{text}</span>
      {job.rows > 0 ? (
        <progress className="progress progress-primary w-full" value={Math.min(job.rowsDone, job.rows)} max={job.rows} aria-label="Import progress" />
      ) : (
        <progress className="progress progress-primary w-full" aria-label="Import progress" />
      )}
      <span className="text-sm text-base-content/75">
        Started by {job.by}. {trouble ? 'The shop does not answer just now; asking again…' : 'You may leave this page; the import goes on.'}
      </span>
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
          <dd className="text-xl font-bold">{formatCount(value)}</dd>
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

  /** After an import that wrote parts (even one that stopped halfway), the catalogue's pages are fetched afresh. */
  const refresh = useCallback(
    () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: partKeys.all }),
        queryClient.invalidateQueries({ queryKey: adminKeys.all }),
      ]),
    [queryClient],
  );

  /** Shows a finished import's counts: a check's to confirm (`checked`: the file checked), or what was imported. */
  const finish = useCallback(
    (result: ImportResult, dryRun: boolean, checked: File | null) => {
      if (dryRun) {
        setStep({ kind: 'checked', result, file: checked });
        return;
      }
      setStep({ kind: 'done', result });
      notify.success(`Catalogue imported: ${result.added} added, ${result.updated} updated.`);
      void refresh();
    },
    [refresh],
  );

  /** Shows where a background import stands: followed while it runs, then its counts or why it stopped. */
  const settle = useCallback(
    (job: ImportJob, checked: File | null) => {
      if (job.state === 'running') {
        setStep({ kind: 'running', job, file: checked, trouble: false });
      } else if (job.state === 'done') {
        finish(resultOf(job), job.dryRun, checked);
      } else {
        setStep({ kind: 'stopped', message: stoppedMessage(job) });
        if (!job.dryRun) void refresh();
      }
    },
    [finish, refresh],
  );

  // On opening: an import still running (begun before a reload, or by another admin) is followed,
  // and one that failed or was cut within the last day is told. Not knowing is no reason to fail.
  useEffect(() => {
    let live = true;
    fetchImportJobs()
      .then((jobs) => {
        const newest = jobs[0];
        if (!live || !newest) return;
        if (newest.state === 'running') {
          setStep((now) => (now.kind === 'idle' ? { kind: 'running', job: newest, file: null, trouble: false } : now));
        } else if (newest.state === 'failed' || newest.state === 'cut') {
          const ended = Date.parse(newest.finishedAt ?? newest.updatedAt);
          if (Date.now() - ended < RECENT_MS) {
            setStep((now) => (now.kind === 'idle' ? { kind: 'stopped', message: stoppedMessage(newest) } : now));
          }
        }
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, []);

  // A running import is asked about every second until it ends (or the page closes).
  const runningId = step.kind === 'running' ? step.job._id : null;
  const runningFile = step.kind === 'running' ? step.file : null;
  useEffect(() => {
    if (runningId === null) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      let wait = POLL_MS;
      try {
        const job = await fetchImportJob(runningId);
        if (!live) return;
        if (job.state !== 'running') {
          settle(job, runningFile);
          return;
        }
        setStep((now) => (now.kind === 'running' && now.job._id === job._id ? { ...now, job, trouble: false } : now));
      } catch (error) {
        if (!live) return;
        // The job is gone, or this admin may no longer see it: nothing more to follow.
        if (error instanceof ApiError && [401, 403, 404].includes(error.status)) {
          setStep({ kind: 'stopped', message: errorMessage(error) });
          return;
        }
        // The shop may be restarting (it resumes its imports): ask again a little later.
        setStep((now) => (now.kind === 'running' ? { ...now, trouble: true } : now));
        wait = RETRY_MS;
      }
      timer = setTimeout(() => void poll(), wait);
    };
    timer = setTimeout(() => void poll(), POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [runningId, runningFile, settle]);

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
      const answer = await importCatalogue(chosen, dryRun, (progress) =>
        setStep((now) => (now.kind === 'sending' ? { ...now, progress } : now)),
      );
      if (answer.kind === 'job') settle(answer.job, chosen);
      else finish(answer.result, dryRun, chosen);
    } catch (error) {
      setStep({
        kind: 'refused',
        message: errorMessage(error),
        errors: error instanceof ImportRefused ? error.errors : [],
      });
    }
  };

  // No second import while one is being sent or runs.
  const busy = step.kind === 'sending' || step.kind === 'running';
  const checkedFile = step.kind === 'checked' ? step.file : null;

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
              disabled={busy}
              onChange={(event) => {
                setFile(event.target.files?.[0] ?? null);
                setStep({ kind: 'idle' });
              }}
            />
          </label>
          <button type="submit" className="btn btn-primary" disabled={!file || busy}>
            Check file
          </button>
        </form>

        {step.kind === 'sending' ? <Sending step={step} /> : null}

        {step.kind === 'running' ? <Running job={step.job} trouble={step.trouble} /> : null}

        {step.kind === 'stopped' ? (
          <p role="alert" className="alert alert-error">
            {step.message}
          </p>
        ) : null}

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
            {checkedFile ? (
              <div>
                <button type="button" className="btn btn-primary" onClick={() => void send(checkedFile, false)}>
                  Confirm import
                </button>
              </div>
            ) : (
              <p className="text-sm text-base-content/75">Choose the file again to import it.</p>
            )}
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
