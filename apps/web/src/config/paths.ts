/** The route table of spec §2: every path the app knows, with a builder for links. */
export const paths = {
  home: { path: '/', getHref: () => '/' },
  login: { path: '/login', getHref: () => '/login' },
  register: { path: '/register', getHref: () => '/register' },
  authCallback: { path: '/auth/callback', getHref: () => '/auth/callback' },
  resetPassword: { path: '/auth/reset-password', getHref: () => '/auth/reset-password' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  createProject: { path: '/create-project', getHref: () => '/create-project' },
  editProject: {
    path: '/project/:id/edit',
    getHref: (id: string) => `/project/${encodeURIComponent(id)}/edit`,
  },
  projectReport: {
    path: '/project/:id/report',
    getHref: (id: string) => `/project/${encodeURIComponent(id)}/report`,
  },
  editProfile: { path: '/profile/edit', getHref: () => '/profile/edit' },
  githubRedirectHandler: {
    path: '/integrations/github/redirect-handler',
    getHref: () => '/integrations/github/redirect-handler',
  },
  githubAuthCallback: { path: '/auth/github/callback', getHref: () => '/auth/github/callback' },
  githubCallback: {
    path: '/integrations/github/callback',
    getHref: () => '/integrations/github/callback',
  },
  terms: { path: '/terms', getHref: () => '/terms' },
  privacy: { path: '/privacy', getHref: () => '/privacy' },
  billing: { path: '/billing', getHref: () => '/billing' },
  webhooks: { path: '/webhooks', getHref: () => '/webhooks' },
  batches: { path: '/batches', getHref: () => '/batches' },
  batch: {
    path: '/batches/:id',
    getHref: (id: string) => `/batches/${encodeURIComponent(id)}`,
  },
  testCheckout: {
    path: '/billing/test-checkout/:sessionId',
    getHref: (sessionId: string) => `/billing/test-checkout/${encodeURIComponent(sessionId)}`,
  },
} as const;

/** Landing page anchors (spec §2 Landing page). */
export const landingAnchors = {
  features: 'features',
  pricing: 'pricing',
  faq: 'faq',
} as const;
