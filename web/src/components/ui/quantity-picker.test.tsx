import { screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { initialQuantity, type QuantityLimits } from '@/lib/quantity';
import { QuantityPicker } from './quantity-picker';

function Harness({ limits }: { limits: QuantityLimits }) {
  const [value, setValue] = useState(() => initialQuantity(limits));
  return <QuantityPicker value={value} limits={limits} onChange={setValue} />;
}

function setup(limits: QuantityLimits) {
  const view = renderWithProviders(<Harness limits={limits} />);
  return {
    ...view,
    input: () => screen.getByLabelText('Order quantity'),
    minus: () => screen.getByRole('button', { name: 'Decrease quantity' }),
    plus: () => screen.getByRole('button', { name: 'Increase quantity' }),
  };
}

describe('QuantityPicker (D1)', () => {
  it('starts at the minimum order with - disabled', () => {
    const { input, minus, plus } = setup({ minimumOrder: 3, availableQuantity: 5 });
    expect(input()).toHaveValue(3);
    expect(minus()).toBeDisabled();
    expect(plus()).toBeEnabled();
  });

  it('+ and - change the quantity by one, stopping at the stock and the minimum', async () => {
    const { user, input, minus, plus } = setup({ minimumOrder: 3, availableQuantity: 5 });
    await user.click(plus());
    expect(input()).toHaveValue(4);
    await user.click(plus());
    expect(input()).toHaveValue(5);
    expect(plus()).toBeDisabled();
    await user.click(plus());
    expect(input()).toHaveValue(5);
    await user.click(minus());
    await user.click(minus());
    expect(input()).toHaveValue(3);
    expect(minus()).toBeDisabled();
  });

  it('pulls a typed number back inside the limits', async () => {
    const { user, input } = setup({ minimumOrder: 2, availableQuantity: 8 });
    await user.clear(input());
    await user.type(input(), '50{Enter}');
    expect(input()).toHaveValue(8);
    await user.clear(input());
    await user.type(input(), '1');
    await user.tab();
    expect(input()).toHaveValue(2);
  });
});
