import { HOSTING_PROVIDERS, type HostingProvider } from '@sitelift/shared/schemas/hosting';

/** The hosting variables (issue 27), merged into CONFIG_VARIABLES (config.ts). */
export const HOSTING_CONFIG_VARIABLES = {
  HOSTING_PROVIDERS: {
    default: 'netlify,vercel,cloudflare',
    description:
      'Static hosts users may deploy rebuilt sites to with their own token (Settings → Hosting), comma-separated; `none` turns one-click deploy off (the landing page then lists it as in development).',
  },
  NETLIFY_API_URL: {
    default: 'https://api.netlify.com/api/v1',
    description: 'Netlify API base (a local Netlify-compatible server in tests).',
  },
  NETLIFY_WEB_URL: {
    default: 'https://app.netlify.com',
    description: "Netlify's web origin: claim links of claimable sites point there.",
  },
  NETLIFY_PARTNER_TOKEN: {
    default: '(unset: no claimable Netlify deploys)',
    description:
      "Netlify token of the operator's partner account: with NETLIFY_PARTNER_CLIENT_ID and NETLIFY_PARTNER_CLIENT_SECRET, users without a Netlify account deploy claimable sites that the site's owner claims with a link.",
  },
  NETLIFY_PARTNER_CLIENT_ID: {
    default: '(unset)',
    description: 'Client id of the Netlify OAuth application that signs claim links.',
  },
  NETLIFY_PARTNER_CLIENT_SECRET: {
    default: '(unset)',
    description: 'Client secret of that application (signs the claim links; never logged).',
  },
  VERCEL_API_URL: {
    default: 'https://api.vercel.com',
    description: 'Vercel API base (a local Vercel-compatible server in tests).',
  },
  VERCEL_WEB_URL: {
    default: 'https://vercel.com',
    description: "Vercel's web origin: claim links (claim-deployment) point there.",
  },
  VERCEL_PARTNER_TOKEN: {
    default: '(unset: no claimable Vercel deploys)',
    description:
      "Vercel token of the operator's partner team: users without a Vercel account deploy claimable projects whose owner claims them with a link valid for 24 hours.",
  },
  VERCEL_PARTNER_TEAM_ID: {
    default: "(unset: the token's personal account)",
    description: 'Vercel team the partner token deploys into.',
  },
  CLOUDFLARE_API_URL: {
    default: 'https://api.cloudflare.com/client/v4',
    description: 'Cloudflare API base (a local Cloudflare-compatible server in tests).',
  },
} as const;

/** Hosting as the server and worker use it. */
export interface HostingConfig {
  /** Providers offered (users connect them with their own token); empty: one-click deploy is off. */
  providers: HostingProvider[];
  netlify: {
    apiUrl: string;
    webUrl: string;
    partner: { token: string; clientId: string; clientSecret: string } | undefined;
  };
  vercel: {
    apiUrl: string;
    webUrl: string;
    partner: { token: string; teamId: string | undefined } | undefined;
  };
  cloudflare: { apiUrl: string };
}

/** HOSTING_PROVIDERS as a list; undefined when it names something else. */
export function parseHostingProviders(value: string): HostingProvider[] | undefined {
  const trimmed = value.trim().toLowerCase();
  if (trimmed === 'none' || trimmed === '') return [];
  const names = trimmed.split(',').map((name) => name.trim());
  if (!names.every((name) => (HOSTING_PROVIDERS as readonly string[]).includes(name))) {
    return undefined;
  }
  return HOSTING_PROVIDERS.filter((provider) => names.includes(provider));
}

type HostingValues = Partial<Record<keyof typeof HOSTING_CONFIG_VARIABLES, string>>;

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * The hosting configuration from validated variables; `fail(variable, message)` throws the caller's
 * configuration error (a partner setting without its partners).
 */
export function parseHostingConfig(
  values: HostingValues,
  fail: (variable: string, message: string) => never = (variable, message) => {
    throw new Error(`${variable} ${message}`);
  },
): HostingConfig {
  const netlifyPartner = [
    'NETLIFY_PARTNER_TOKEN',
    'NETLIFY_PARTNER_CLIENT_ID',
    'NETLIFY_PARTNER_CLIENT_SECRET',
  ] as const;
  const setCount = netlifyPartner.filter((name) => values[name] !== undefined).length;
  if (setCount > 0 && setCount < netlifyPartner.length) {
    const missing = netlifyPartner.find((name) => values[name] === undefined) ?? '';
    fail(
      missing,
      `is required with the other Netlify partner settings (${netlifyPartner.join(', ')})`,
    );
  }
  if (values.VERCEL_PARTNER_TEAM_ID !== undefined && values.VERCEL_PARTNER_TOKEN === undefined) {
    fail('VERCEL_PARTNER_TOKEN', 'is required with VERCEL_PARTNER_TEAM_ID');
  }
  return {
    providers:
      values.HOSTING_PROVIDERS === undefined
        ? [...HOSTING_PROVIDERS]
        : (parseHostingProviders(values.HOSTING_PROVIDERS) ?? []),
    netlify: {
      apiUrl: trimSlash(values.NETLIFY_API_URL ?? 'https://api.netlify.com/api/v1'),
      webUrl: trimSlash(values.NETLIFY_WEB_URL ?? 'https://app.netlify.com'),
      partner:
        values.NETLIFY_PARTNER_TOKEN &&
        values.NETLIFY_PARTNER_CLIENT_ID &&
        values.NETLIFY_PARTNER_CLIENT_SECRET
          ? {
              token: values.NETLIFY_PARTNER_TOKEN,
              clientId: values.NETLIFY_PARTNER_CLIENT_ID,
              clientSecret: values.NETLIFY_PARTNER_CLIENT_SECRET,
            }
          : undefined,
    },
    vercel: {
      apiUrl: trimSlash(values.VERCEL_API_URL ?? 'https://api.vercel.com'),
      webUrl: trimSlash(values.VERCEL_WEB_URL ?? 'https://vercel.com'),
      partner: values.VERCEL_PARTNER_TOKEN
        ? { token: values.VERCEL_PARTNER_TOKEN, teamId: values.VERCEL_PARTNER_TEAM_ID }
        : undefined,
    },
    cloudflare: {
      apiUrl: trimSlash(values.CLOUDFLARE_API_URL ?? 'https://api.cloudflare.com/client/v4'),
    },
  };
}

/** True when the server offers one-click deploy at all (the landing page's claim follows it). */
export function isHostingOffered(config: HostingConfig): boolean {
  return config.providers.length > 0;
}
