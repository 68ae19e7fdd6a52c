import { Link } from 'react-router';
import { site } from '../content/site';
import { Seo } from './Seo';

/** Shown for a path that is not a page of the site. */
export function NotFound() {
  return (
    <section className="section not-found">
      <Seo
        title={site.labels.notFound + (site.nameIsHost ? '' : ' | ' + site.name)}
        description={site.description || site.labels.notFound}
        route="/404"
        language={site.language}
      />
      <div className="wrap content wide">
        <h1>{site.labels.notFound}</h1>
        <p>
          <Link to="/">{site.labels.backHome}</Link>
        </p>
      </div>
    </section>
  );
}
