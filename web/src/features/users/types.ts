/** A shop account as the admin's All Users list shows it. */
export type ShopUser = { email: string; name: string; role: 'admin' | 'user' };
