/** Every route of the app, named once. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** The catalogue; `search` is its query string (filters, sort, page), e.g. "?q=pads&page=2". */
  parts: { path: '/parts', getHref: (search = '') => `/parts${search}` },
  /** A part's own public page: picture, price, stock, fitment and numbers, with Buy and Add to cart. */
  part: { path: '/parts/:id', getHref: (id: string) => `/parts/${encodeURIComponent(id)}` },
  purchase: { path: '/purchase/:id', getHref: (id: string) => `/purchase/${encodeURIComponent(id)}` },
  /** The cart: a visitor's (kept in the browser) or the signed-in buyer's. */
  cart: { path: '/cart', getHref: () => '/cart' },
  /** Delivery, address and the order's total, then Place order (signed in). */
  checkout: { path: '/checkout', getHref: () => '/checkout' },
  about: { path: '/about', getHref: () => '/about' },
  blogs: { path: '/blogs', getHref: () => '/blogs' },
  login: { path: '/login', getHref: () => '/login' },
  /** Where the server sends the browser after Google sign-in, with a one-time code to collect the token. */
  googleSignIn: { path: '/login/google', getHref: () => '/login/google' },
  signup: { path: '/signup', getHref: () => '/signup' },
  /** Asks for a link to set a new password. */
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  /** Where the password-reset e-mail's link opens, with its one-time `token`. */
  resetPassword: { path: '/reset-password', getHref: () => '/reset-password' },
  /** Where the verification e-mail's link opens, with its `token`. */
  verifyEmail: { path: '/verify-email', getHref: () => '/verify-email' },
  dashboard: {
    root: { path: '/dashboard', getHref: () => '/dashboard' },
    orders: { path: 'order', getHref: () => '/dashboard/order' },
    /** One of the buyer's orders, printable as an invoice. */
    order: { path: 'order/:id', getHref: (id: string) => `/dashboard/order/${encodeURIComponent(id)}` },
    review: { path: 'review', getHref: () => '/dashboard/review' },
    /** The buyer's returns (RMAs), newest first. */
    returns: { path: 'returns', getHref: () => '/dashboard/returns' },
    /** Return items: asks to send back parts of a delivered or collected order. */
    newReturn: { path: 'returns/new/:orderId', getHref: (orderId: string) => `/dashboard/returns/new/${encodeURIComponent(orderId)}` },
    /** One of the buyer's returns: where it stands, how to send it back, and the refund. */
    return: { path: 'returns/:id', getHref: (id: string) => `/dashboard/returns/${encodeURIComponent(id)}` },
    payment: { path: 'payment/:id', getHref: (id: string) => `/dashboard/payment/${encodeURIComponent(id)}` },
    profile: { path: 'myprofile', getHref: () => '/dashboard/myprofile' },
    users: { path: 'users', getHref: () => '/dashboard/users' },
    addPart: { path: 'addPart', getHref: () => '/dashboard/addPart' },
    manageParts: { path: 'managePart', getHref: () => '/dashboard/managePart' },
    manageOrders: { path: 'manage-orders', getHref: () => '/dashboard/manage-orders' },
    /** One order as the staff see it, printable as a packing slip. */
    manageOrder: { path: 'manage-orders/:id', getHref: (id: string) => `/dashboard/manage-orders/${encodeURIComponent(id)}` },
    /** Admins: every return, to approve, reject, receive, refund and close; and the return policy. */
    manageReturns: { path: 'manage-returns', getHref: () => '/dashboard/manage-returns' },
    /** One return as the staff see it, with its moves. */
    manageReturn: { path: 'manage-returns/:id', getHref: (id: string) => `/dashboard/manage-returns/${encodeURIComponent(id)}` },
    /** Delivery methods and the trade counter. */
    shipping: { path: 'shipping', getHref: () => '/dashboard/shipping' },
    /** Tax rates by country and region. */
    tax: { path: 'tax', getHref: () => '/dashboard/tax' },
    /** Admins: orders, revenue and stock at a glance. */
    sales: { path: 'sales', getHref: () => '/dashboard/sales' },
    /** Admins: the catalogue as a CSV file, out and in. */
    catalogue: { path: 'catalogue', getHref: () => '/dashboard/catalogue' },
    /** Admins: who changed what. */
    audit: { path: 'audit', getHref: () => '/dashboard/audit' },
    messages: { path: 'messages', getHref: () => '/dashboard/messages' },
  },
} as const;
