import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type UseFormRegisterReturn } from 'react-hook-form';
import { InputField } from '@/components/ui/field';
import { cardFieldErrors, confirmTestPayment } from '../api/pay-order';
import { digitsOf, formatCardNumber, formatCvc, formatExpiry, parseExpiry, reformatInput } from '../card';
import { cardSchema, type CardValues } from '../schemas';
import type { CardFormProps } from '../types';
import { PayButton } from './pay-button';

/**
 * A registered input that reformats what is typed (card number in fours, "MM / YY") as it goes, and
 * tells `changed` that the card is being edited.
 */
function formatted(field: UseFormRegisterReturn, format: (value: string) => string, changed: () => void): UseFormRegisterReturn {
  return {
    ...field,
    onChange: (event: { target: unknown; type?: unknown }) => {
      if (event.target instanceof HTMLInputElement) reformatInput(event.target, format);
      changed();
      return field.onChange(event);
    },
  };
}

/** The built-in test provider's card form: Card number, Expiry and CVC. */
export function TestCardForm({ clientSecret, billing, payDisabled, pending, locked, onPay, onCardChange }: CardFormProps) {
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<CardValues>({
    resolver: zodResolver(cardSchema),
    defaultValues: { number: '', expiry: '', cvc: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    if (!clientSecret) return;
    const expiry = parseExpiry(values.expiry);
    if (!expiry) return; // the schema has said so already
    const error = await onPay(() =>
      confirmTestPayment({
        clientSecret,
        card: { number: digitsOf(values.number), expMonth: expiry.month, expYear: expiry.year, cvc: values.cvc.trim() },
        billingDetails: billing,
      }),
    );
    const fields = cardFieldErrors(error);
    if (fields) {
      for (const [name, message] of Object.entries(fields) as [keyof CardValues, string][]) {
        setError(name, { type: 'server', message }, { shouldFocus: true });
      }
    }
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Card details" className="grid gap-4">
      <div role="note" className="rounded-box bg-base-200 p-3 text-sm text-base-content/80">
        Test mode: no real card is charged. Pay with <span className="font-mono">4242 4242 4242 4242</span>, any expiry in
        the future and any 3-digit CVC.
      </div>
      <fieldset disabled={locked} className="grid gap-4">
        <InputField
          label="Card number"
          inputMode="numeric"
          autoComplete="cc-number"
          placeholder="1234 1234 1234 1234"
          error={errors.number?.message}
          {...formatted(register('number'), formatCardNumber, onCardChange)}
        />
        <div className="grid grid-cols-2 gap-4">
          <InputField
            label="Expiry"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM / YY"
            error={errors.expiry?.message}
            {...formatted(register('expiry'), formatExpiry, onCardChange)}
          />
          <InputField
            label="CVC"
            inputMode="numeric"
            autoComplete="cc-csc"
            placeholder="123"
            error={errors.cvc?.message}
            {...formatted(register('cvc'), formatCvc, onCardChange)}
          />
        </div>
      </fieldset>
      <div>
        <PayButton disabled={payDisabled || isSubmitting} pending={pending} />
      </div>
    </form>
  );
}
