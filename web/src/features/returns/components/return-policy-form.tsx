import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { ErrorBox } from '@/components/ui/error-box';
import { InputField, SelectField } from '@/components/ui/field';
import { Spinner } from '@/components/ui/spinner';
import { ApiError, errorMessage } from '@/lib/api-client';
import { useMoney } from '@/lib/config';
import { notify } from '@/lib/notify';
import { useReturnPolicy } from '../api/get-return-policy';
import { useSaveReturnPolicy } from '../api/save-return-policy';
import { returnPolicyInput, returnPolicySchema, returnPolicyValues, type ReturnPolicyValues } from '../schemas';
import { policySentence } from '../states';
import type { ReturnPolicy } from '../types';

/**
 * The return policy: how many days after delivery or collection a buyer may ask to return parts,
 * the restocking fee (none, a percentage of the goods, or a fixed amount), waived when the shop
 * was at fault, and how many days an old part (core) may come back for its deposit. Buyers see it
 * on the return form.
 */
export function ReturnPolicyForm() {
  const policy = useReturnPolicy();
  if (policy.isPending) return <Spinner label="Loading the return policy" />;
  if (policy.isError) return <ErrorBox error={policy.error} onRetry={() => void policy.refetch()} />;
  return <PolicyFields key={JSON.stringify(policy.data)} policy={policy.data} />;
}

/** The server's field names for the fee's amount, as it may give them. */
const AMOUNT_FIELDS = ['amount', 'restockingFee.amount', 'restockingFee'];

function PolicyFields({ policy }: { policy: ReturnPolicy }) {
  const save = useSaveReturnPolicy();
  const money = useMoney();
  const [failure, setFailure] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    control,
    formState: { errors, isSubmitting },
  } = useForm<ReturnPolicyValues>({ resolver: zodResolver(returnPolicySchema), defaultValues: returnPolicyValues(policy) });
  const kind = useWatch({ control, name: 'kind' });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    try {
      await save.mutateAsync(returnPolicyInput(values));
      notify.success('The return policy is saved.');
    } catch (error) {
      if (error instanceof ApiError) {
        for (const [field, message] of Object.entries(error.fields)) {
          if (field === 'returnDays') setError('returnDays', { type: 'server', message });
          else if (field === 'coreReturnDays') setError('coreReturnDays', { type: 'server', message });
          else if (AMOUNT_FIELDS.includes(field)) setError('amount', { type: 'server', message });
          else if (field === 'restockingFee.kind' || field === 'kind') setError('kind', { type: 'server', message });
        }
      }
      setFailure(errorMessage(error));
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Return policy" className="grid max-w-3xl gap-4">
      <div className="text-sm text-base-content/75">
        <p>Now: {policySentence(policy, money)}</p>
        <p>
          Old parts (cores) come back for their deposit within {policy.coreReturnDays} {policy.coreReturnDays === 1 ? 'day' : 'days'} of delivery
          or collection.
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          label="Return window (days)"
          inputMode="numeric"
          hint="From the day of delivery or collection, 1 to 365."
          error={errors.returnDays?.message}
          {...register('returnDays')}
        />
        <SelectField label="Restocking fee" error={errors.kind?.message} {...register('kind')}>
          <option value="none">No fee</option>
          <option value="percent">Percentage of the parts&apos; price</option>
          <option value="fixed">Fixed amount</option>
        </SelectField>
        {kind === 'none' ? null : (
          <InputField
            label={kind === 'percent' ? 'Fee (%)' : 'Fee amount'}
            inputMode="decimal"
            hint={kind === 'percent' ? '0 to 100, e.g. 15.' : 'Per return, never more than the parts returned.'}
            error={errors.amount?.message}
            {...register('amount')}
          />
        )}
      </div>
      <p className="text-xs text-base-content/70">No fee is taken when the part was faulty, damaged in transit or the wrong one.</p>
      <div className="grid gap-4 sm:grid-cols-3">
        <InputField
          label="Core return window (days)"
          inputMode="numeric"
          hint="For an old part sent back for its deposit, from delivery or collection, 1 to 730."
          error={errors.coreReturnDays?.message}
          {...register('coreReturnDays')}
        />
      </div>
      {failure ? (
        <p role="alert" className="text-sm font-medium text-error">
          {failure}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn btn-primary" disabled={isSubmitting}>
          Save return policy
        </button>
      </div>
    </form>
  );
}
