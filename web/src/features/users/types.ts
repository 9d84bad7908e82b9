import type { UserView } from '@/api/types';

/** A shop account as the admin's All Users list shows it. */
export type ShopUser = UserView;
