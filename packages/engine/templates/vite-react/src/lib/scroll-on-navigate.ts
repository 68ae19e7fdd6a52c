import { useEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Opens a page the way the original's links did: a link to another page starts at its top, a link
 * to an anchor (`/#program`, a one-page site's menu) scrolls to the element with that id. Going back
 * or forward keeps the place the browser restores, and the first render leaves the page as it loads.
 */
export function useScrollOnNavigate(): void {
  const { pathname, hash } = useLocation();
  const navigation = useNavigationType();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigation === 'POP') return;
    const id = decodeURIComponent(hash.slice(1));
    const target = id ? document.getElementById(id) : null;
    if (target) target.scrollIntoView();
    else window.scrollTo(0, 0);
  }, [pathname, hash, navigation]);
}
