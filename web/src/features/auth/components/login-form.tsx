import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { InputField } from '@/components/ui/field';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { useLogin } from '../api/login';
import { loginSchema, type LoginValues } from '../schemas';

/** E-mail and password login, with the way to a forgotten password; the server's refusal shows in red under the form. */
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
      <p className="-mt-2 text-right text-sm">
        <Link to={paths.forgotPassword.getHref()} className="link link-primary font-semibold">
          Forgot password?
        </Link>
      </p>
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
