import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { InputField } from '@/components/ui/field';
import { errorMessage } from '@/lib/api-client';
import { useSignup } from '../api/signup';
import { signupSchema, type SignupValues } from '../schemas';

/** Sign-up with name, e-mail and password; the server's refusal shows in red under the form. */
export function SignupForm({ onSuccess }: { onSuccess: () => void }) {
  const signup = useSignup();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignupValues>({
    resolver: zodResolver(signupSchema),
    defaultValues: { name: '', email: '', password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await signup.mutateAsync({ name: values.name.trim(), email: values.email.trim(), password: values.password });
      onSuccess();
    } catch {
      // the message is shown from signup.error below
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4">
      <InputField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
      <InputField label="Email" type="email" autoComplete="email" error={errors.email?.message} {...register('email')} />
      <InputField
        label="Password"
        type="password"
        autoComplete="new-password"
        hint="At least 6 characters."
        error={errors.password?.message}
        {...register('password')}
      />
      {signup.isError ? (
        <p className="text-sm font-medium text-error" role="alert">
          {errorMessage(signup.error)}
        </p>
      ) : null}
      <button type="submit" className="btn btn-primary btn-block" disabled={isSubmitting}>
        {isSubmitting ? <span className="loading loading-spinner loading-sm" aria-hidden="true" /> : null}
        Sign Up
      </button>
    </form>
  );
}
