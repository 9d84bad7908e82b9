import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { InputField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useResetPassword } from '../api/reset-password';
import { resetPasswordSchema, type ResetPasswordValues } from '../schemas';

/** Whether the shop refused the link itself (expired, used, or never issued), not the password. */
function linkRefused(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && 'token' in error.fields;
}

/** A refused or incomplete link: what is wrong, and the way to ask for a new one. */
export function AskAgain({ message }: { message: string }) {
  return (
    <div className="grid gap-3" role="alert">
      <p className="text-sm font-medium text-error">{message}</p>
      <p className="text-sm">
        <Link to={paths.forgotPassword.getHref()} className="link link-primary font-semibold">
          Ask for a new link
        </Link>
      </p>
    </div>
  );
}

/**
 * The new password, twice, for the reset link's `token`. The shop's answer signs the user in; a link
 * that expired or was used already shows the shop's message and the way to ask again.
 */
export function ResetPasswordForm({ token, onSuccess }: { token: string; onSuccess: () => void }) {
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ResetPasswordValues>({ resolver: zodResolver(resetPasswordSchema), defaultValues: { newPassword: '', repeat: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await reset.mutateAsync({ token, password: values.newPassword });
      onSuccess();
    } catch (error) {
      // The shop names the field `password`; here it is the first of the two inputs.
      if (error instanceof ApiError && error.fields.password) {
        setError('newPassword', { type: 'server', message: error.fields.password });
      }
    }
  });

  if (linkRefused(reset.error)) return <AskAgain message={errorMessage(reset.error)} />;

  const fieldError = reset.error instanceof ApiError && Boolean(reset.error.fields.password);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <InputField
        label="New password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.newPassword?.message}
        {...register('newPassword')}
      />
      <InputField
        label="Repeat new password"
        type="password"
        autoComplete="new-password"
        error={errors.repeat?.message}
        {...register('repeat')}
      />
      {reset.isError && !fieldError ? (
        <p className="text-sm font-medium text-error" role="alert">
          {errorMessage(reset.error)}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Set New Password
      </button>
    </form>
  );
}
