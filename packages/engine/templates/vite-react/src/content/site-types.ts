import type { Block } from './types';

/** A version of a page in one language of the site (ISO 639-1 code, the switcher's words, its route). */
export interface PageAlternate {
  code: string;
  label: string;
  route: string;
  current?: true;
}

export interface SiteLink {
  label: string;
  route: string;
}

/** An icon's drawing (from Font Awesome's free packs, only those the site uses). */
export interface IconData {
  width: number;
  height: number;
  path: string;
}

/** An item of the header's menu: a link, or a dropdown (children) with or without a link of its own. */
export interface MenuLink {
  label: string;
  route?: string;
  children: MenuLink[];
}

export interface SiteContent {
  name: string;
  /**
   * The name pages give as og:site_name when it is not `name`: the project's name, for an original
   * that named itself nowhere but in its <title> or host (decision record 040).
   */
  siteName?: string;
  /** The name is the host name (the original named itself nowhere): a logo shows instead of it. */
  nameIsHost?: boolean;
  /** False: the original's header did not show the name as words; it is then the home link's accessible name only. */
  nameShown?: boolean;
  language: string;
  /** The language switcher's name ("Language", in the site's language), on a site of several languages. */
  languageLabel?: string;
  /** Each page's versions in the site's languages, its own current, by route (issue 23). */
  alternates?: Record<string, PageAlternate[]>;
  /** The original's client-side routes (`#/guide`, `#!/posts/12`) -> the rebuild's route, for old bookmarks. */
  hashRoutes?: Record<string, string>;
  description: string;
  /** Default origin for canonical URLs; VITE_SITE_URL overrides it. */
  siteUrl: string;
  /**
   * What the site does beyond its pages, read by the static code: a page-view beacon
   * (VITE_ANALYTICS_ENDPOINT) and offline support (a service worker, public/sw.js).
   */
  features: { analytics: boolean; pwa: boolean };
  /**
   * The original laid its header over the start page's hero picture: on a desktop screen the header
   * of a page opening with a hero picture lies over it, transparent, as the original's did.
   */
  headerOverHero?: boolean;
  /**
   * The original's header band at a desktop width (issue 23, where its look is kept): `stacked`,
   * the menu in a row of its own under the brand; `centered`, the brand in the middle; `tall`, too
   * tall to stay pinned over the page (it scrolls away); `titled`, every page opens with the
   * band's centred title, drawn on the band above the menu's row. Its heights are CSS variables.
   */
  headerLayout?: { stacked?: boolean; centered?: boolean; tall?: boolean; titled?: boolean };
  /** `banner`: the original drew its logo as a banner across the header; the menu goes under it. */
  /** `bleed`: that banner spanned the window; it stays edge to edge, as high as the window's width makes it. */
  /** `buttonOver`: a phone showed the menu's button over that banner; it stays there, no row of its own. */
  logo?: {
    src: string;
    width?: number;
    height?: number;
    banner?: boolean;
    bleed?: boolean;
    buttonOver?: boolean;
  };
  navigation: SiteLink[];
  /** The original's menu, dropdowns with their children (the header's; `navigation` when empty). */
  menu: MenuLink[];
  footerLinks: SiteLink[];
  contact: { phones: string[]; emails: string[]; addresses: string[]; hours: string[] };
  social: { network: string; href: string }[];
  copyright?: string;
  /** The original's own footer lines (issue 12): shown instead of lines of the template's own. */
  footer?: Block[];
  /**
   * What the original's header showed besides its brand and menu (issue 23), by place: `strip`, a
   * thin bar across the top; `start`/`end`, beside the brand on the side lines start or end; `under`,
   * a line under the brand.
   */
  header?: { place: 'strip' | 'start' | 'end' | 'under'; blocks: Block[] }[];
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
