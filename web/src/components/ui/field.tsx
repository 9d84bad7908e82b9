import { useId, type ComponentProps, type ReactNode } from 'react';

type FieldShellProps = {
  id: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  children: ReactNode;
};

/** A visible label, the control, and its validation message under it. */
function FieldShell({ id, label, error, hint, children }: FieldShellProps) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="text-sm font-semibold">
        {label}
      </label>
      {children}
      {hint && !error ? <p className="text-xs text-base-content/70">{hint}</p> : null}
      {error ? (
        <p id={`${id}-error`} className="text-sm font-medium text-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

type InputFieldProps = ComponentProps<'input'> & { label: string; error?: string | undefined; hint?: ReactNode };

/** A labelled text, number, e-mail or file input that shows its error message. */
export function InputField({ label, error, hint, className = '', type = 'text', ...props }: InputFieldProps) {
  const id = useId();
  const base = type === 'file' ? 'file-input file-input-bordered' : 'input input-bordered';
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <input
        id={id}
        type={type}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${base} w-full ${error ? (type === 'file' ? 'file-input-error' : 'input-error') : ''} ${className}`}
        {...props}
      />
    </FieldShell>
  );
}

type TextAreaFieldProps = ComponentProps<'textarea'> & { label: string; error?: string | undefined };

/** A labelled multi-line input that shows its error message. */
export function TextAreaField({ label, error, className = '', ...props }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error}>
      <textarea
        id={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`textarea textarea-bordered w-full ${error ? 'textarea-error' : ''} ${className}`}
        {...props}
      />
    </FieldShell>
  );
}

/**
 * A drop-down styled like the inputs (the browser's own arrow; daisyUI's select component is left
 * out of the build to keep the CSS small). `compact` makes it as small as a small button.
 */
export function Select({ className = '', compact = false, ...props }: ComponentProps<'select'> & { compact?: boolean }) {
  const size = compact ? 'h-8 px-2' : 'h-10 w-full px-3';
  return (
    <select
      className={`${size} rounded-field border border-base-content/20 bg-base-100 text-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary disabled:cursor-not-allowed disabled:opacity-60 ${className}`}
      {...props}
    />
  );
}

type SelectFieldProps = ComponentProps<'select'> & { label: string; error?: string | undefined; hint?: ReactNode };

/** A labelled drop-down that shows its error message. */
export function SelectField({ label, error, hint, className = '', children, ...props }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldShell id={id} label={label} error={error} hint={hint}>
      <Select
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        className={`${error ? 'border-error' : ''} ${className}`}
        {...props}
      >
        {children}
      </Select>
    </FieldShell>
  );
}
