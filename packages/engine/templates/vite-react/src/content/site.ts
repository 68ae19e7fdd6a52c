/**
 * Stub: generate writes this module for each site (the site's name, navigation, contact details and
 * labels in its language). It is here so the template type-checks and its tests have content; the
 * inline script never copies it into the generated project.
 */
import type { SiteContent } from './site-types';

export const site: SiteContent = {
  name: 'Example Bakery',
  language: 'en',
  description: 'Bread and cakes since 1998.',
  siteUrl: 'https://bakery.example',
  features: { analytics: false, pwa: false },
  navigation: [
    { label: 'Home', route: '/' },
    { label: 'Menu', route: '/menu' },
  ],
  menu: [
    { label: 'Home', route: '/', children: [] },
    {
      label: 'Menu',
      route: '/menu',
      children: [
        { label: 'Breads', route: '/menu#breads', children: [] },
        { label: 'Cakes', route: '/menu#cakes', children: [] },
      ],
    },
  ],
  footerLinks: [
    { label: 'Home', route: '/' },
    { label: 'Menu', route: '/menu' },
  ],
  contact: { phones: ['+1 555 0100'], emails: ['hello@bakery.example'], addresses: [], hours: [] },
  social: [],
  labels: {
    skip: 'Skip to content',
    menu: 'Menu',
    closeMenu: 'Close menu',
    pages: 'Pages',
    contact: 'Contact',
    follow: 'Follow us',
    formNotConnected: 'This form is not connected yet.',
    formSending: 'Sending…',
    formSent: 'Thank you, your message was sent.',
    formFailed: 'Sending failed. Please try again.',
    close: 'Close',
    notFound: 'Page not found',
    backHome: 'Back to the start page',
    carousel: 'Slideshow',
    previous: 'Previous slide',
    next: 'Next slide',
    slideOf: '{n} of {total}',
  },
};
