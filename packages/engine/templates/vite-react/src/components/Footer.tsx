import { Link } from 'react-router';
import type { Block } from '../content/types';
import { site } from '../content/site';
import { asset } from '../lib/asset';
import { InlineText, isRoute } from './InlineText';

/** One line of the original's footer: its words and links as it showed them. */
function FooterLine({ block, inRow }: { block: Block; inRow: boolean }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p className="footer-text">
          <InlineText runs={block.inlines} />
        </p>
      );
    case 'heading':
      // A footer's column title, not a part of the page's outline.
      return (
        <p className="footer-title">
          <InlineText runs={block.inlines} />
        </p>
      );
    case 'list':
      // A row of links as the original's footer showed them ("Privacy Policy · Terms of Use").
      return (
        <ul className={inRow ? 'flex flex-wrap justify-center gap-x-4 gap-y-1' : undefined}>
          {block.items.map((item, index) => (
            <li key={index}>
              <InlineText runs={item} />
            </li>
          ))}
        </ul>
      );
    default:
      return null;
  }
}

/**
 * The site footer as the original's (issue 12): its own lines, links to pages the header's menu
 * does not reach (so every page stays reachable), and the copyright line. Nothing the original's
 * footer did not show: no repeated site name, no page list of the menu, no contact details of its own.
 */
export function Footer() {
  const lines = site.footer ?? [];
  // Lines without column titles are one row, as footers mostly show them (copyright, icons, links
  // side by side), the copyright line first; titled columns keep the grid.
  const isRow = lines.length > 0 && !lines.some((block) => block.kind === 'heading');
  const hasGrid = (lines.length > 0 && !isRow) || site.footerLinks.length > 0;
  if (!isRow && !hasGrid && !site.copyright) return null;
  return (
    <footer className="site-footer">
      {isRow ? (
        <div className="wrap flex flex-wrap items-center justify-around gap-x-8 gap-y-3 py-6 text-center">
          {site.copyright ? <p>{site.copyright}</p> : null}
          {lines.map((block, index) => (
            <FooterLine key={index} block={block} inRow />
          ))}
        </div>
      ) : null}
      {hasGrid ? (
        <div className="wrap footer-grid">
          {lines.length > 0 && !isRow ? (
            <div>
              {lines.map((block, index) => (
                <FooterLine key={index} block={block} inRow={false} />
              ))}
            </div>
          ) : null}
          {site.footerLinks.length > 0 ? (
            <nav aria-label={site.labels.pages}>
              <ul>
                {site.footerLinks.map((link, index) => (
                  <li key={index}>
                    {isRoute(link.route) ? (
                      <Link to={link.route}>{link.label}</Link>
                    ) : (
                      <a href={asset(link.route)}>{link.label}</a>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      ) : null}
      {site.copyright && !isRow ? (
        <div className="wrap footer-bottom">
          <p>{site.copyright}</p>
        </div>
      ) : null}
    </footer>
  );
}
