import { screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ADMIN, ANN, CONFIG, makeAddress } from '@/test/cart';
import { makeOrder } from '@/test/orders';
import { mockApi, renderWithProviders } from '@/test/render';
import type { Order } from '../types';
import { ManageOrders } from './manage-orders';
import { MyOrders } from './my-orders';
import { OrderDocument } from './order-document';
import { PaymentSummary } from './payment-summary';

vi.mock('@/lib/notify', () => ({ notify: { success: vi.fn(), error: vi.fn(), info: vi.fn() } }));

/** An order of three lines, sent by courier to Illinois: goods $105.00, shipping $9.50, tax $7.16, total $121.66. */
const brakeJob: Order = makeOrder({
  _id: '21',
  partId: '5',
  partName: 'Brake Pads',
  unitPrice: 12.5,
  quantity: 2,
  partOrder: 2,
  price: 105,
  lines: [
    { partId: '5', partName: 'Brake Pads', sku: 'BRK-0005', unitPrice: 12.5, quantity: 2, price: 25, weightKg: 1.2, coreCharge: 0 },
    { partId: '6', partName: 'Brake Disc', sku: 'BRK-0006', unitPrice: 35, quantity: 2, price: 70, weightKg: 6.5, coreCharge: 0 },
    { partId: '7', partName: 'Brake Fluid', sku: 'FLD-0007', unitPrice: 10, quantity: 1, price: 10, weightKg: 0, coreCharge: 0 },
  ],
  shipping: 9.5,
  tax: 7.16,
  total: 121.66,
  deliveryMethod: { id: '3', name: 'Courier' },
  deliveryAddress: makeAddress({ name: 'Ann Lee', line1: '12 Elm Street', phone: '+1 555 010 2000' }),
});

/** An order placed on a part's page, as the shop answers it now: one line, pickup, no tax. */
const oneLine: Order = makeOrder({
  _id: '22',
  partName: 'Oil Filter',
  lines: [{ partId: '9', partName: 'Oil Filter', sku: 'FLT-0009', unitPrice: 12.5, quantity: 3, price: 37.5, weightKg: 0.4, coreCharge: 0 }],
  shipping: 0,
  tax: 0,
  total: 37.5,
  deliveryMethod: { id: 'pickup', name: 'Counter pickup' },
  deliveryAddress: null,
});

/** The table row of the order that holds `text` (the phone cards repeat it; jsdom shows both). */
async function row(text: string) {
  const table = await screen.findByRole('table');
  const found = within(table)
    .getAllByRole('row')
    .find((candidate) => within(candidate).queryAllByText(text).length > 0);
  if (!found) throw new Error(`no row for ${text}`);
  return within(found);
}

describe('My Orders with lines', () => {
  it("lists an order's lines, and its goods, shipping and tax under the total", async () => {
    mockApi({ 'GET /api/config': { body: CONFIG }, 'GET /api/booking': { body: [brakeJob, oneLine] } });
    renderWithProviders(<MyOrders buyer={ANN.email} />, { signedInAs: ANN });
    const job = await row('2 × Brake Disc');
    const lines = within(job.getByRole('list', { name: 'Lines of order #21' }));
    expect(lines.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['2 × Brake Pads', '2 × Brake Disc', '1 × Brake Fluid']);
    expect(job.getByText('5')).toBeInTheDocument();
    expect(job.getByText('$121.66')).toBeInTheDocument();
    expect(job.getByText('Goods').nextSibling).toHaveTextContent('$105.00');
    expect(job.getByText('Shipping').nextSibling).toHaveTextContent('$9.50');
    expect(job.getByText('Tax').nextSibling).toHaveTextContent('$7.16');
    expect(job.getByRole('link', { name: 'Pay for Brake Pads' })).toHaveAttribute('href', '/dashboard/payment/21');
    expect(job.getByRole('link', { name: 'Details of order #21' })).toHaveAttribute('href', '/dashboard/order/21');
  });

  it('shows a one-line order of goods alone as before, with its details page', async () => {
    mockApi({ 'GET /api/config': { body: CONFIG }, 'GET /api/booking': { body: [oneLine] } });
    renderWithProviders(<MyOrders buyer={ANN.email} />, { signedInAs: ANN });
    const order = await row('Oil Filter');
    expect(order.queryByRole('list')).not.toBeInTheDocument();
    expect(order.getByText('3')).toBeInTheDocument();
    expect(order.getByText('$37.50')).toBeInTheDocument();
    expect(order.queryByText('Goods')).not.toBeInTheDocument();
    expect(order.getByRole('link', { name: 'Details of order #22' })).toBeInTheDocument();
  });
});

describe('Manage Orders with lines', () => {
  it("lists an order's lines and figures, its number leading to its packing slip", async () => {
    mockApi({
      'GET /api/config': { body: CONFIG },
      'GET /api/admin/orders': { body: [brakeJob, oneLine], headers: { 'X-Total-Count': '2' } },
    });
    renderWithProviders(<ManageOrders />, { url: '/dashboard/manage-orders', path: '/dashboard/manage-orders', signedInAs: ADMIN });
    const job = await row('#21');
    expect(job.getByRole('link', { name: 'Order #21, details' })).toHaveAttribute('href', '/dashboard/manage-orders/21');
    expect(within(job.getByRole('list', { name: 'Lines of order #21' })).getAllByRole('listitem')).toHaveLength(3);
    expect(job.getByText('$121.66')).toBeInTheDocument();
    expect(job.getByText('Tax').nextSibling).toHaveTextContent('$7.16');
    const single = await row('#22');
    expect(single.getByText('Oil Filter')).toBeInTheDocument();
    expect(single.getByText('$37.50')).toBeInTheDocument();
  });
});

describe('the payment page’s summary', () => {
  it('shows every line and the total the card is charged', () => {
    mockApi({ 'GET /api/config': { body: CONFIG } });
    renderWithProviders(<PaymentSummary order={brakeJob} />, { signedInAs: ANN });
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    expect(summary.getByText('Brake Disc')).toBeInTheDocument();
    expect(summary.getByText('$70.00')).toBeInTheDocument();
    expect(summary.getByText('Goods').nextSibling).toHaveTextContent('$105.00');
    expect(summary.getByText('Shipping').nextSibling).toHaveTextContent('$9.50 (Courier)');
    expect(summary.getByText('Total').nextSibling).toHaveTextContent('$121.66');
  });
});

describe('the order page: invoice and packing slip', () => {
  it('the invoice: lines with prices, the address, the figures, and Print', async () => {
    mockApi({ 'GET /api/config': { body: CONFIG }, 'GET /api/booking/21': { body: { ...brakeJob, paid: true, transactionId: 'pi_9', status: 'paid', paymentStatus: 'paid' } } });
    const print = vi.spyOn(window, 'print').mockImplementation(() => {});
    const { user } = renderWithProviders(<OrderDocument orderId="21" kind="invoice" backTo={{ href: '/dashboard/order', label: 'Back to My Orders' }} />, {
      signedInAs: ANN,
    });
    const sheet = within(await screen.findByRole('article', { name: 'Invoice · Order #21' }));
    expect(sheet.getByText('Parts Garage')).toBeInTheDocument();
    expect(sheet.getByText('Courier')).toBeInTheDocument();
    expect(sheet.getByText('12 Elm Street')).toBeInTheDocument();
    expect(sheet.getByText('Springfield, IL 62704')).toBeInTheDocument();
    const disc = within(sheet.getAllByRole('row').find((r) => r.textContent?.includes('Brake Disc'))!);
    expect(disc.getByText('BRK-0006')).toBeInTheDocument();
    expect(disc.getByText('$35.00')).toBeInTheDocument();
    expect(disc.getByText('$70.00')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$121.66');
    expect(sheet.getByText('Paid by card, transaction pi_9')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashboard/order');
    // Not delivered yet: nothing to return.
    expect(screen.queryByRole('link', { name: 'Return items' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Print invoice' }));
    expect(print).toHaveBeenCalledTimes(1);
  });

  it('the invoice of a delivered order leads to returning its items, and states the return terms', async () => {
    mockApi({
      'GET /api/config': { body: CONFIG },
      'GET /api/booking/21': { body: { ...brakeJob, paid: true, status: 'shipped', paymentStatus: 'paid', fulfilmentStatus: 'delivered' } },
    });
    renderWithProviders(
      <OrderDocument orderId="21" kind="invoice" backTo={{ href: '/dashboard/order', label: 'Back to My Orders' }} terms={<span>Returns within 30 days.</span>} />,
      { signedInAs: ANN },
    );
    const sheet = within(await screen.findByRole('article', { name: 'Invoice · Order #21' }));
    expect(sheet.getByText('Returns within 30 days.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return items' })).toHaveAttribute('href', '/dashboard/returns/new/21');
  });

  it('an order that is not found says so, with the way back to My Orders', async () => {
    mockApi({ 'GET /api/config': { body: CONFIG }, 'GET /api/booking/404': { status: 404, body: { error: 'Order not found' } } });
    renderWithProviders(<OrderDocument orderId="404" kind="invoice" backTo={{ href: '/dashboard/order', label: 'Back to My Orders' }} />, {
      signedInAs: ANN,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('Order not found');
    expect(screen.getByRole('link', { name: 'Back to My Orders' })).toHaveAttribute('href', '/dashboard/order');
    expect(screen.queryByRole('button', { name: 'Try again' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Print invoice' })).not.toBeInTheDocument();
  });

  it('the packing slip: what to pick and where it goes, without prices', async () => {
    mockApi({ 'GET /api/config': { body: CONFIG }, 'GET /api/booking/21': { body: brakeJob } });
    renderWithProviders(<OrderDocument orderId="21" kind="packing-slip" backTo={{ href: '/dashboard/manage-orders', label: 'Back to Manage Orders' }} />, {
      signedInAs: ADMIN,
    });
    const sheet = within(await screen.findByRole('article', { name: 'Packing slip · Order #21' }));
    expect(sheet.getByText('Ship to')).toBeInTheDocument();
    expect(sheet.getByText('+1 555 010 2000')).toBeInTheDocument();
    const disc = within(sheet.getAllByRole('row').find((r) => r.textContent?.includes('Brake Disc'))!);
    expect(disc.getByText('13 kg')).toBeInTheDocument();
    expect(sheet.queryByText('$70.00')).not.toBeInTheDocument();
    expect(screen.queryByTestId('invoice-total')).not.toBeInTheDocument();
    expect(sheet.getByText('5 units in 3 lines.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Print packing slip' })).toBeInTheDocument();
  });

  it('an order from a shop without lines still shows as its one part, collected at the counter', async () => {
    mockApi({ 'GET /api/config': { body: CONFIG }, 'GET /api/booking/9': { body: makeOrder() } });
    renderWithProviders(<OrderDocument orderId="9" kind="invoice" backTo={{ href: '/dashboard/order', label: 'Back to My Orders' }} />, { signedInAs: ANN });
    const sheet = within(await screen.findByRole('article', { name: 'Invoice · Order #9' }));
    expect(within(sheet.getByRole('table')).getByText('Brake Pads')).toBeInTheDocument();
    // On a phone, a list in place of the table: the name across, the count, unit price and amount under it.
    const phone = within(sheet.getByRole('list', { name: 'Invoice lines' }));
    expect(phone.getAllByRole('listitem').map((item) => item.textContent)).toEqual(['Brake Pads3 × $12.50$37.50']);
    expect(sheet.getByText('Collected at the trade counter.')).toBeInTheDocument();
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$37.50');
  });
});

/**
 * An order of a remanufactured alternator ($45.00 core charge on each of two) and a belt, sent by
 * courier: goods $399.98, shipping $9.50, tax $25.59, core deposits $90.00, total $525.07.
 */
const withCore: Order = makeOrder({
  _id: '23',
  partId: '8',
  partName: 'Alternator',
  unitPrice: 189.99,
  quantity: 2,
  partOrder: 2,
  price: 399.98,
  lines: [
    { partId: '8', partName: 'Alternator', sku: 'ALT-0008', unitPrice: 189.99, quantity: 2, price: 379.98, weightKg: 6, coreCharge: 45 },
    { partId: '4', partName: 'Serpentine Belt', sku: 'BLT-0004', unitPrice: 20, quantity: 1, price: 20, weightKg: 0.3, coreCharge: 0 },
  ],
  shipping: 9.5,
  tax: 25.59,
  coreCharges: 90,
  total: 525.07,
  deliveryMethod: { id: '3', name: 'Courier' },
  deliveryAddress: makeAddress(),
});

describe('an order with core deposits', () => {
  it('the invoice gives each deposit a row of its own and the deposits a figure before the total', async () => {
    mockApi({ 'GET /api/config': { body: CONFIG }, 'GET /api/booking/23': { body: withCore } });
    renderWithProviders(<OrderDocument orderId="23" kind="invoice" backTo={{ href: '/dashboard/order', label: 'Back to My Orders' }} />, {
      signedInAs: ANN,
    });
    const sheet = within(await screen.findByRole('article', { name: 'Invoice · Order #23' }));
    const rows = within(sheet.getByRole('table'))
      .getAllByRole('row')
      .slice(1)
      .map((r) => within(r).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['ALT-0008', 'Alternator', '2', '$189.99', '$379.98'],
      ['—', 'Core deposit: Alternator', '2', '$45.00', '$90.00'],
      ['BLT-0004', 'Serpentine Belt', '1', '$20.00', '$20.00'],
    ]);
    // On a phone, the deposit is an item of the list too.
    const phone = within(sheet.getByRole('list', { name: 'Invoice lines' }));
    expect(phone.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      'AlternatorALT-0008 · 2 × $189.99$379.98',
      'Core deposit: Alternator2 × $45.00$90.00',
      'Serpentine BeltBLT-0004 · 1 × $20.00$20.00',
    ]);
    const terms = sheet.getAllByRole('term').map((term) => [term.textContent, term.nextElementSibling?.textContent]);
    expect(terms).toEqual([
      ['Goods', '$399.98'],
      ['Shipping', '$9.50'],
      ['Tax', '$25.59'],
      ['Core deposits', '$90.00'],
      ['Total', '$525.07'],
    ]);
    expect(screen.getByTestId('invoice-total')).toHaveTextContent('$525.07');
  });

  it('the packing slip lists the parts alone: a deposit is not packed', async () => {
    mockApi({ 'GET /api/config': { body: CONFIG }, 'GET /api/booking/23': { body: withCore } });
    renderWithProviders(<OrderDocument orderId="23" kind="packing-slip" backTo={{ href: '/dashboard/manage-orders', label: 'Back to Manage Orders' }} />, {
      signedInAs: ADMIN,
    });
    const sheet = within(await screen.findByRole('article', { name: 'Packing slip · Order #23' }));
    expect(sheet.queryByText(/Core deposit/)).not.toBeInTheDocument();
    expect(within(sheet.getByRole('table')).getAllByRole('row')).toHaveLength(3);
    expect(sheet.getByText('3 units in 2 lines.')).toBeInTheDocument();
  });

  it('My Orders shows the deposits under the total', async () => {
    mockApi({ 'GET /api/config': { body: CONFIG }, 'GET /api/booking': { body: [withCore] } });
    renderWithProviders(<MyOrders buyer={ANN.email} />, { signedInAs: ANN });
    const order = await row('2 × Alternator');
    expect(order.getByText('$525.07')).toBeInTheDocument();
    expect(order.getByText('Core deposits').nextSibling).toHaveTextContent('$90.00');
  });

  it('an order of goods and a deposit alone (collected, untaxed) still shows its figures apart', async () => {
    const collected = makeOrder({
      _id: '24',
      partName: 'Battery',
      unitPrice: 120,
      quantity: 1,
      price: 120,
      lines: [{ partId: '2', partName: 'Battery', sku: 'BAT-0002', unitPrice: 120, quantity: 1, price: 120, weightKg: 18, coreCharge: 15 }],
      shipping: 0,
      tax: 0,
      coreCharges: 15,
      total: 135,
      deliveryMethod: { id: 'pickup', name: 'Counter pickup' },
      deliveryAddress: null,
    });
    mockApi({ 'GET /api/config': { body: CONFIG }, 'GET /api/booking': { body: [collected] } });
    renderWithProviders(<MyOrders buyer={ANN.email} />, { signedInAs: ANN });
    const order = await row('Battery');
    expect(order.getByText('$135.00')).toBeInTheDocument();
    expect(order.getByText('Goods').nextSibling).toHaveTextContent('$120.00');
    expect(order.getByText('Core deposits').nextSibling).toHaveTextContent('$15.00');
  });

  it("the payment page's summary lists the deposit and adds it up to the total", () => {
    mockApi({ 'GET /api/config': { body: CONFIG } });
    renderWithProviders(<PaymentSummary order={withCore} />, { signedInAs: ANN });
    const summary = within(screen.getByRole('region', { name: 'Order summary' }));
    const deposit = summary.getAllByRole('listitem').find((item) => item.textContent?.includes('Core deposit'));
    expect(deposit).toHaveTextContent('2 × Core deposit: Alternator$90.00');
    expect(summary.getByText('Core deposits').nextSibling).toHaveTextContent('$90.00 (refunded when you return your old parts)');
    expect(summary.getByText('Total').nextSibling).toHaveTextContent('$525.07');
  });
});
