import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/ui/field';
import { ApiError, errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';
import { useChangePassword } from '../api/change-password';
import { changePasswordSchema, type ChangePasswordValues } from '../schemas';

const EMPTY: ChangePasswordValues = { currentPassword: '', newPassword: '', repeat: '' };

/**
 * My Profile's "Change password": the current password, the new one twice. This browser stays
 * signed in with the token the shop answers; every other session ends.
 */
export function ChangePasswordForm() {
  const change = useChangePassword();
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<ChangePasswordValues>({ resolver: zodResolver(changePasswordSchema), defaultValues: EMPTY });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await change.mutateAsync({ currentPassword: values.currentPassword, newPassword: values.newPassword });
      reset(EMPTY);
      notify.success('Your password is changed. Every other device is signed out.');
    } catch (error) {
      applyServerFieldErrors(error, setError, ['currentPassword', 'newPassword']);
    }
  });

  const fieldError =
    change.error instanceof ApiError && Boolean(change.error.fields.currentPassword || change.error.fields.newPassword);
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <InputField
        label="Current password"
        type="password"
        autoComplete="current-password"
        error={errors.currentPassword?.message}
        {...register('currentPassword')}
      />
      <div className="grid gap-4 sm:grid-cols-2">
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
      </div>
      {change.isError && !fieldError ? (
        <p className="text-sm font-medium text-error" role="alert">
          {errorMessage(change.error)}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
          Change Password
        </button>
      </div>
    </form>
  );
}
