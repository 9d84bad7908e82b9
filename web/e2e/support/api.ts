import { expect, type APIRequestContext } from '@playwright/test';
import { ADMIN_EMAIL, ADMIN_PASSWORD } from './accounts';
import { makePng } from './png';

export type Account = { name: string; email: string; password: string };
export type SignedIn = Account & { token: string };
export type Fitment = { make: string; model: string; yearFrom: number; yearTo: number };
export type NewPart = {
  name: string;
  description: string;
  price: number;
  availableQuantity: number;
  minimumOrder: number;
  /** The catalogue fields: optional, the shop has defaults for each. */
  sku?: string;
  oemNumbers?: string[];
  category?: string;
  fitments?: Fitment[];
  reorderLevel?: number;
  /** Kilograms, for delivery prices by weight. */
  weightKg?: number;
  /** The refundable deposit on one unit (a core charge), in currency units. */
  coreCharge?: number;
};
export type NewShippingMethod = { name: string; description?: string; basePrice: number; pricePerKg: number; freeOver?: number | null; active?: boolean };

/** Direct calls to the shop's API, to set up each test's own data quickly. */
export class ShopApi {
  constructor(private readonly request: APIRequestContext) {}

  private auth(token: string) {
    return { Authorization: `Bearer ${token}` };
  }

  async signup(account: Account): Promise<SignedIn> {
    const response = await this.request.post('/api/auth/signup', { data: account });
    expect(response.status(), await response.text()).toBe(201);
    const { token } = (await response.json()) as { token: string };
    return { ...account, token };
  }

  /** Logs in: the answer's status, and its token when it is 200. */
  async login(email: string, password: string): Promise<{ status: number; token?: string }> {
    const response = await this.request.post('/api/auth/login', { data: { email, password } });
    if (!response.ok()) return { status: response.status() };
    return { status: response.status(), token: ((await response.json()) as { token: string }).token };
  }

  /** The status `/api/me` answers for `token`: 200 while its session lasts, 401 once it has ended. */
  async meStatus(token: string): Promise<number> {
    return (await this.request.get('/api/me', { headers: this.auth(token) })).status();
  }

  async loginAdmin(): Promise<string> {
    const response = await this.request.post('/api/auth/login', { data: { email: ADMIN_EMAIL, password: ADMIN_PASSWORD } });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { token: string }).token;
  }

  async uploadImage(token: string): Promise<string> {
    const response = await this.request.post('/api/image', {
      headers: this.auth(token),
      multipart: { image: { name: 'part.png', mimeType: 'image/png', buffer: makePng() } },
    });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { data: { url: string } }).data.url;
  }

  /** Adds a part as the admin and answers its id. */
  async createPart(adminToken: string, part: NewPart): Promise<string> {
    const img = await this.uploadImage(adminToken);
    const response = await this.request.post('/api/part', { headers: this.auth(adminToken), data: { ...part, img } });
    expect(response.status(), await response.text()).toBe(201);
    return String(((await response.json()) as { insertedId: string | number }).insertedId);
  }

  async part(id: string): Promise<NewPart & { _id: string; lowStock: boolean }> {
    const response = await this.request.get(`/api/part/${id}`);
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as NewPart & { _id: string; lowStock: boolean };
  }

  /** The newest part of the catalogue. */
  async newestPart(): Promise<NewPart & { _id: string; img: string }> {
    const response = await this.request.get('/api/part');
    expect(response.ok(), await response.text()).toBe(true);
    const parts = (await response.json()) as (NewPart & { _id: string; img: string })[];
    return parts[parts.length - 1]!;
  }

  async partStatus(id: string): Promise<number> {
    return (await this.request.get(`/api/part/${id}`)).status();
  }

  async placeOrder(token: string, partId: string, partOrder: number): Promise<string> {
    const response = await this.request.post('/api/booking', { headers: this.auth(token), data: { partId, partOrder } });
    expect(response.status(), await response.text()).toBe(201);
    return String(((await response.json()) as { insertedId: string | number }).insertedId);
  }

  async addReview(token: string, review: { name: string; description: string; rating: number }) {
    const img = await this.uploadImage(token);
    const response = await this.request.post('/api/review', { headers: this.auth(token), data: { ...review, img } });
    expect(response.status(), await response.text()).toBe(201);
  }

  async saveProfile(token: string, profile: { education: string; location: string; city: string; phone: string; linkedin: string }) {
    const img = await this.uploadImage(token);
    const response = await this.request.post('/api/profile', { headers: this.auth(token), data: { ...profile, img } });
    expect(response.status(), await response.text()).toBe(201);
  }

  /** Adds a delivery method as the admin and answers its id. */
  async createShippingMethod(adminToken: string, method: NewShippingMethod): Promise<string> {
    const response = await this.request.post('/api/admin/shipping-methods', { headers: this.auth(adminToken), data: method });
    expect(response.status(), await response.text()).toBe(201);
    return String(((await response.json()) as { _id: string })._id);
  }

  /** Adds a tax rate as the admin. */
  async createTaxRate(adminToken: string, rate: { country: string; region?: string; name?: string; ratePercent: number }): Promise<void> {
    const response = await this.request.post('/api/admin/tax-rates', { headers: this.auth(adminToken), data: rate });
    expect(response.status(), await response.text()).toBe(201);
  }

  /** Adds an address to the buyer's book. */
  async addAddress(token: string, address: { name: string; line1: string; city: string; region?: string; postcode: string; country: string }): Promise<void> {
    const response = await this.request.post('/api/addresses', { headers: this.auth(token), data: address });
    expect(response.status(), await response.text()).toBe(201);
  }

  /** Puts `quantity` of a part in the buyer's cart. */
  async addToCart(token: string, partId: string, quantity: number): Promise<void> {
    const response = await this.request.post('/api/cart/lines', { headers: this.auth(token), data: { partId, quantity } });
    expect(response.ok(), await response.text()).toBe(true);
  }

  /** How many units the buyer's cart holds. */
  async cartCount(token: string): Promise<number> {
    const response = await this.request.get('/api/cart', { headers: this.auth(token) });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { count: number }).count;
  }

  /** Deletes every delivery method named `name` (the admin's). */
  async deleteShippingMethods(adminToken: string, name: string): Promise<void> {
    const response = await this.request.get('/api/admin/shipping-methods', { headers: this.auth(adminToken) });
    expect(response.ok(), await response.text()).toBe(true);
    for (const method of (await response.json()) as { _id: string; name: string }[]) {
      if (method.name !== name) continue;
      const deleted = await this.request.delete(`/api/admin/shipping-methods/${method._id}`, { headers: this.auth(adminToken) });
      expect(deleted.ok(), await deleted.text()).toBe(true);
    }
  }

  /** Deletes the tax rate for `country`-`region`, if there is one. */
  async deleteTaxRate(adminToken: string, country: string, region: string): Promise<void> {
    const response = await this.request.get('/api/admin/tax-rates', { headers: this.auth(adminToken) });
    expect(response.ok(), await response.text()).toBe(true);
    for (const rate of (await response.json()) as { _id: string; country: string; region: string }[]) {
      if (rate.country !== country || rate.region !== region) continue;
      const deleted = await this.request.delete(`/api/admin/tax-rates/${rate._id}`, { headers: this.auth(adminToken) });
      expect(deleted.ok(), await deleted.text()).toBe(true);
    }
  }

  /** The buyer's order, as the shop answers it. */
  async order(token: string, id: string): Promise<{ _id: string; lines: { partName: string; quantity: number }[]; total: number; shipping: number; tax: number; price: number }> {
    const response = await this.request.get(`/api/booking/${id}`, { headers: this.auth(token) });
    expect(response.ok(), await response.text()).toBe(true);
    return (await response.json()) as { _id: string; lines: { partName: string; quantity: number }[]; total: number; shipping: number; tax: number; price: number };
  }

  /**
   * A paid, delivered order of `lines` (counter pickup), placed through the checkout with the
   * vehicle the buyer had chosen, paid with the test card and moved on by the admin.
   */
  async deliveredOrder(token: string, adminToken: string, lines: { partId: string; quantity: number }[], vehicle?: string): Promise<string> {
    const placed = await this.request.post('/api/checkout', { headers: this.auth(token), data: { lines, ...(vehicle ? { vehicle } : {}) } });
    expect(placed.status(), await placed.text()).toBe(201);
    const id = String(((await placed.json()) as { insertedId: string }).insertedId);
    const intent = await this.request.post('/api/create-payment-intent', { headers: this.auth(token), data: { bookingId: id } });
    expect(intent.ok(), await intent.text()).toBe(true);
    const { clientSecret } = (await intent.json()) as { clientSecret: string };
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getFullYear() + 2, cvc: '123' };
    const confirmed = await this.request.post('/api/test-payments/confirm', { headers: this.auth(token), data: { clientSecret, card } });
    expect(confirmed.ok(), await confirmed.text()).toBe(true);
    const transactionId = ((await confirmed.json()) as { paymentIntent: { id: string } }).paymentIntent.id;
    const paid = await this.request.patch(`/api/booking/${id}`, { headers: this.auth(token), data: { transactionId } });
    expect(paid.ok(), await paid.text()).toBe(true);
    for (const move of ['ship', 'deliver']) {
      const moved = await this.request.post(`/api/admin/orders/${id}/${move}`, { headers: this.auth(adminToken) });
      expect(moved.ok(), await moved.text()).toBe(true);
    }
    return id;
  }

  async isAdmin(token: string, email: string): Promise<boolean> {
    const response = await this.request.get(`/api/admin/${encodeURIComponent(email)}`, { headers: this.auth(token) });
    expect(response.ok(), await response.text()).toBe(true);
    return ((await response.json()) as { admin: boolean }).admin;
  }
}
