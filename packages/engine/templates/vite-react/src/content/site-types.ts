export interface SiteLink {
  label: string;
  route: string;
}

export interface SiteContent {
  name: string;
  language: string;
  description: string;
  /** Default origin for canonical URLs; VITE_SITE_URL overrides it. */
  siteUrl: string;
  logo?: { src: string; width?: number; height?: number };
  navigation: SiteLink[];
  footerLinks: SiteLink[];
  contact: { phones: string[]; emails: string[]; addresses: string[]; hours: string[] };
  social: { network: string; href: string }[];
  copyright?: string;
  labels: {
    skip: string;
    menu: string;
    closeMenu: string;
    pages: string;
    contact: string;
    follow: string;
    formNotConnected: string;
    formSending: string;
    formSent: string;
    formFailed: string;
    close: string;
    notFound: string;
    backHome: string;
    carousel: string;
    previous: string;
    next: string;
    slideOf: string;
  };
}
