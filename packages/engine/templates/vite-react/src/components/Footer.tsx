import { Link } from 'react-router';
import { site } from '../content/site';
import { asset } from '../lib/asset';
import { isRoute } from './InlineText';

/** The site footer: every navigation link, contact details, social profiles and the copyright line. */
export function Footer() {
  const { contact } = site;
  const hasContact =
    contact.phones.length +
      contact.emails.length +
      contact.addresses.length +
      contact.hours.length >
    0;
  return (
    <footer className="site-footer">
      <div className="wrap footer-grid">
        <div>
          <p className="footer-title">{site.name}</p>
          {site.description ? <p className="footer-text">{site.description}</p> : null}
        </div>
        {site.footerLinks.length > 0 ? (
          <nav aria-label={site.labels.pages}>
            <p className="footer-title">{site.labels.pages}</p>
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
        {hasContact ? (
          <div>
            <p className="footer-title">{site.labels.contact}</p>
            <ul>
              {contact.phones.map((phone) => (
                <li key={phone}>
                  <a href={'tel:' + phone.replace(/[^+\d]/g, '')}>{phone}</a>
                </li>
              ))}
              {contact.emails.map((email) => (
                <li key={email}>
                  <a href={'mailto:' + email}>{email}</a>
                </li>
              ))}
              {contact.addresses.map((address) => (
                <li key={address}>{address}</li>
              ))}
              {contact.hours.map((hours) => (
                <li key={hours}>{hours}</li>
              ))}
            </ul>
          </div>
        ) : null}
        {site.social.length > 0 ? (
          <div>
            <p className="footer-title">{site.labels.follow}</p>
            <ul>
              {site.social.map((profile) => (
                <li key={profile.href}>
                  <a href={profile.href} rel="me">
                    {profile.network}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </div>
      {site.copyright ? (
        <div className="wrap footer-bottom">
          <p>{site.copyright}</p>
        </div>
      ) : null}
    </footer>
  );
}
