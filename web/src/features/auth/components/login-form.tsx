import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useLogin } from '@/lib/auth';
import { loginSchema, type LoginValues } from '../schemas';

/** E-mail and password login; the server's refusal shows in red under the form. */
export function LoginForm({ onSuccess }: { onSuccess: () => void }) {
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<LoginValues>({ resolver: zodResolver(loginSchema), defaultValues: { email: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await login.mutateAsync({ email: values.email.trim(), password: values.password });
      onSuccess();
    } catch {
      // the message is shown from login.error below
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <InputField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <InputField
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register('password')}
      />
      {login.isError ? (
        <p className="text-sm font-medium text-error" role="alert">
          {errorMessage(login.error)}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Login
      </button>
    </form>
  );
}
