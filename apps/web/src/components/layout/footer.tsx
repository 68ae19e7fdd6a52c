import { Link } from 'react-router';
import { landingAnchors, paths } from '../../config/paths';
import { useGithubExport } from '../../lib/github-export';
import { Logo } from '../ui/logo';

const SOCIAL_LINKS = [
  { label: 'Sitelift on X', short: 'X', href: 'https://x.com/sitelift' },
  {
    label: 'Sitelift on Instagram',
    short: 'Instagram',
    href: 'https://www.instagram.com/sitelift',
  },
  { label: 'Sitelift on GitHub', short: 'GitHub', href: 'https://github.com/sitelift' },
  {
    label: 'Sitelift on LinkedIn',
    short: 'LinkedIn',
    href: 'https://www.linkedin.com/company/sitelift',
  },
];

const LINK = 'text-sm text-slate-400 transition-colors hover:text-white';

/** The site footer (spec §2 Landing page): anchors, social links, legal pages and the copyright. */
export function Footer() {
  const year = new Date().getFullYear();
  const githubExport = useGithubExport();
  return (
    <footer className="bg-slate-950 text-slate-300" aria-labelledby="footer-heading">
      <h2 id="footer-heading" className="sr-only">
        Footer
      </h2>
      <div className="mx-auto max-w-7xl px-4 py-12 sm:px-6 lg:px-8">
        <div className="grid grid-cols-2 gap-10 sm:grid-cols-3 md:grid-cols-[2fr_1fr_1fr_1fr]">
          <div className="col-span-2 sm:col-span-3 md:col-span-1">
            <Logo inverse />
            <p className="mt-4 max-w-xs text-sm leading-6 text-slate-400">
              {githubExport
                ? 'Turn an outdated website into a fast, modern React + Vite + Tailwind project you own — delivered as a zip or a GitHub repository.'
                : 'Turn an outdated website into a fast, modern React + Vite + Tailwind project you own — delivered as a zip.'}
            </p>
          </div>
          <nav aria-label="Product">
            <h3 className="text-sm font-semibold text-white">Product</h3>
            <ul className="mt-4 space-y-3">
              <li>
                <Link to={`/#${landingAnchors.features}`} className={LINK}>
                  Features
                </Link>
              </li>
              <li>
                <Link to={`/#${landingAnchors.pricing}`} className={LINK}>
                  Pricing
                </Link>
              </li>
              <li>
                <Link to={`/#${landingAnchors.faq}`} className={LINK}>
                  FAQ
                </Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Legal">
            <h3 className="text-sm font-semibold text-white">Legal</h3>
            <ul className="mt-4 space-y-3">
              <li>
                <Link to={paths.terms.getHref()} className={LINK}>
                  Terms of Service
                </Link>
              </li>
              <li>
                <Link to={paths.privacy.getHref()} className={LINK}>
                  Privacy Policy
                </Link>
              </li>
            </ul>
          </nav>
          <nav aria-label="Social">
            <h3 className="text-sm font-semibold text-white">Follow us</h3>
            <ul className="mt-4 space-y-3">
              {SOCIAL_LINKS.map((link) => (
                <li key={link.href}>
                  <a
                    href={link.href}
                    className={LINK}
                    aria-label={link.label}
                    target="_blank"
                    rel="noopener noreferrer"
                  >
                    {link.short}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
        </div>
        <div className="mt-10 border-t border-slate-800 pt-6 text-sm text-slate-400">
          <p>© {year} Sitelift. All rights reserved.</p>
        </div>
      </div>
    </footer>
  );
}
