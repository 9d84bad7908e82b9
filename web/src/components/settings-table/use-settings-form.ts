import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, type DefaultValues, type FieldValues, type Path, type UseFormSetError } from 'react-hook-form';
import type { z } from 'zod';
import { errorMessage } from '@/lib/api-client';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { notify } from '@/lib/notify';

type SettingsFormOptions<Values extends FieldValues, Saved> = {
  schema: z.ZodType<Values, Values>;
  /** The form's first values: the row's, or a new row's. */
  defaultValues: DefaultValues<Values>;
  /** The fields the server may name in a refusal's `fields`, to show its message under them. */
  fields: readonly Path<Values>[];
  /** Adds or changes the row, and answers it as saved. */
  save: (values: Values) => Promise<Saved>;
  /** Said once saved, e.g. "Courier is saved." */
  savedMessage: (saved: Saved) => string;
  /** For a refusal that belongs under a field but names none (after the server's per-field messages are placed). */
  onError?: (error: unknown, setError: UseFormSetError<Values>) => void;
  /** Closes the dialog: after saving, or on Cancel. */
  onDone: () => void;
};

/**
 * A settings table's add-or-edit form, checked with `schema`: on Save it sends the values, says
 * so and closes; or puts the server's messages under their fields and says why above Cancel and
 * Save. Give `formProps` to `SettingsForm`, and `register` and `errors` to the fields.
 */
export function useSettingsForm<Values extends FieldValues, Saved>({
  schema,
  defaultValues,
  fields,
  save,
  savedMessage,
  onError,
  onDone,
}: SettingsFormOptions<Values, Saved>) {
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(schema), defaultValues });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      const saved = await save(values);
      notify.success(savedMessage(saved));
      onDone();
    } catch (error) {
      applyServerFieldErrors(error, setError, fields);
      onError?.(error, setError);
      setFailure(errorMessage(error));
    }
  });

  return { register, errors, formProps: { onSubmit, failure, submitting: isSubmitting, onCancel: onDone } };
}
