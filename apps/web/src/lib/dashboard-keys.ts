import type { QueryKey } from '@tanstack/react-query'

/**
 * The query keys of the dashboard, one factory per screen. They live here rather than in the features because a
 * write on one screen names queries of others (an order edit changes the overview and the sales report), and
 * features do not import each other (decision 0045). Every key starts with 'dashboard' (a sign-out clears the cache).
 */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  products: {
    all: ['dashboard', 'products'] as const,
    list: (params: object) => ['dashboard', 'products', 'list', params] as const,
    detail: (id: number) => ['dashboard', 'products', 'detail', id] as const,
    /** A product's stock history (issue 30), per pack and page; under `all`, so any product change refreshes it. */
    stock: (productId: number, variantId: number | null, page: number) =>
      ['dashboard', 'products', 'stock', productId, variantId, page] as const,
    categoryOptions: () => ['dashboard', 'products', 'category-options'] as const,
  },
  categories: {
    all: ['dashboard', 'categories'] as const,
    list: (params: object) => ['dashboard', 'categories', 'list', params] as const,
  },
  cities: {
    all: ['dashboard', 'cities'] as const,
    list: (params: object) => ['dashboard', 'cities', 'list', params] as const,
  },
  orders: {
    all: ['dashboard', 'orders'] as const,
    list: (params: object) => ['dashboard', 'orders', 'list', params] as const,
    detail: (id: number) => ['dashboard', 'orders', 'detail', id] as const,
    // Under the order's keys: every order write refreshes its payment attempts too (decision 0075).
    payments: (id: number) => ['dashboard', 'orders', 'payments', id] as const,
  },
  sales: {
    all: ['dashboard', 'sales'] as const,
    list: (params: object) => ['dashboard', 'sales', 'list', params] as const,
  },
  users: {
    all: ['dashboard', 'users'] as const,
    list: (params: object) => ['dashboard', 'users', 'list', params] as const,
    detail: (id: number) => ['dashboard', 'users', 'detail', id] as const,
  },
  overview: {
    all: ['dashboard', 'overview'] as const,
    allStats: ['dashboard', 'overview', 'stats'] as const,
    stats: (range: object) => ['dashboard', 'overview', 'stats', range] as const,
    revenue: (range: object) => ['dashboard', 'overview', 'revenue', range] as const,
  },
  promotions: {
    all: ['dashboard', 'promotions'] as const,
    list: (params: object) => ['dashboard', 'promotions', 'list', params] as const,
    categories: () => ['dashboard', 'promotions', 'categories'] as const,
    products: (search: string) => ['dashboard', 'promotions', 'products', search] as const,
  },
  audit: {
    all: ['dashboard', 'audit'] as const,
    list: (params: object) => ['dashboard', 'audit', 'list', params] as const,
    entity: (entity: string, id: number) => ['dashboard', 'audit', 'entity', entity, id] as const,
    staff: () => ['dashboard', 'audit', 'staff'] as const,
    timezone: () => ['dashboard', 'audit', 'timezone'] as const,
  },
  settings: {
    all: ['dashboard', 'settings'] as const,
    list: () => ['dashboard', 'settings', 'list'] as const,
  },
  // Issue 30: the team (staff members and their roles).
  staff: {
    all: ['dashboard', 'staff'] as const,
    list: () => ['dashboard', 'staff', 'list'] as const,
    roles: () => ['dashboard', 'staff', 'roles'] as const,
  },
  // Issue 42: couriers, a courier's cash account, the delivery report.
  delivery: {
    all: ['dashboard', 'delivery'] as const,
    couriers: () => ['dashboard', 'delivery', 'couriers'] as const,
    balance: (id: number) => ['dashboard', 'delivery', 'balance', id] as const,
    report: () => ['dashboard', 'delivery', 'report'] as const,
  },
  // Decision 0225: whether the demo shop's data is still there (the dashboard's banner).
  demo: ['dashboard', 'demo'] as const,
  // Issue 39: whether the shop's mail leaves it (every staff screen that "sends" reads it).
  mail: {
    all: ['dashboard', 'mail'] as const,
    status: () => ['dashboard', 'mail', 'status'] as const,
  },
  content: {
    all: ['dashboard', 'content'] as const,
    detail: () => ['dashboard', 'content', 'detail'] as const,
    products: () => ['dashboard', 'content', 'products'] as const,
  },
}

/** The checkout's list of active cities (a shopper's screen that a city edit in the same browser changes). */
export const activeCitiesKey = ['checkout', 'cities'] as const

const k = dashboardKeys

/**
 * What a successful write changes, once per kind of record: a mutation names one of these in
 * `meta: { invalidates }` and lib/query-client.ts refreshes exactly those queries (product.md §4.7, decision 0086).
 * Adding a screen that shows, say, product data means adding its key to `product` here, nowhere else.
 */
export const changedBy = {
  // Product rows and forms; category product counts; the overview's product count and low-stock list.
  // Decision 0192: a write is a row of the trail (the product's and order's own trail panels).
  product: [k.products.all, k.categories.all, k.overview.allStats, k.content.products(), k.audit.all],
  // Category rows; product rows show the category's name and the product form lists the categories.
  category: [k.categories.all, k.products.all],
  // City rows; the checkout's cities and delivery prices.
  city: [k.cities.all, activeCitiesKey],
  // Order rows and dialogs; revenue, profit and counts (overview, sales); stock moved by a cancel (products,
  // low stock); a customer's order count and latest orders (users); an offer's uses and revenue (offers).
  order: [
    k.orders.all,
    // An order's move writes mail: the mail banner's count of mails not sent.
    k.mail.all,
    k.overview.all,
    k.sales.all,
    k.products.all,
    k.users.all,
    k.promotions.all,
    k.audit.all,
  ],
  // User rows and details; the overview's customer count.
  user: [k.users.all, k.overview.allStats],
  // Settings; the low-stock threshold and the shop's time zone move the overview and the sales days (§10.10).
  setting: [k.settings.all, k.overview.all, k.sales.all],
  // The storefront content (decision 0125); its product picker lists products.
  content: [k.content.all],
  // Offers (issue 29): their rows and status.
  promotion: [k.promotions.all],
  // Staff members and roles (issue 30): a role's staff count, a member's role; staff are users too.
  staff: [k.staff.all, k.users.all, k.mail.all],
  // Decision 0225: removing the demo data changes every screen's records.
  demo: [k.all],
  // A test mail (issue 39): the mail banner's state.
  mail: [k.mail.all],
  // Issue 42: a courier's row, driver link or fee; the delivery report names couriers.
  courier: [k.delivery.all, k.audit.all],
  // Issue 42: a settlement settles shipments (balances, the report) and marks their orders paid.
  settlement: [k.delivery.all, k.orders.all, k.overview.all, k.sales.all, k.audit.all],
} satisfies Record<string, readonly QueryKey[]>
