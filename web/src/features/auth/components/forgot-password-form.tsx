import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useForgotPassword } from '../api/forgot-password';
import { forgotPasswordSchema, type ForgotPasswordValues } from '../schemas';

/**
 * Asks for a password-reset link. Once sent, the shop's answer takes the form's place: the same
 * sentence whether the address has an account or not.
 */
export function ForgotPasswordForm() {
  const forgot = useForgotPassword();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ForgotPasswordValues>({ resolver: zodResolver(forgotPasswordSchema), defaultValues: { email: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await forgot.mutateAsync({ email: values.email.trim() });
    } catch (error) {
      applyServerFieldErrors(error, setError, ['email']);
    }
  });

  if (forgot.isSuccess) {
    return (
      <p className="alert alert-info alert-soft text-sm" role="status">
        {forgot.data.message}
      </p>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <InputField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      {forgot.isError && !errors.email ? (
        <p className="text-sm font-medium text-error" role="alert">
          {errorMessage(forgot.error)}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Send Reset Link
      </button>
    </form>
  );
}
