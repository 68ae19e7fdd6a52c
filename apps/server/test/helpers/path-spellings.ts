// Spellings of an auth route's path that must never reach it past its rules (issue 10 item 2).

/** `route` as its folder (with its trailing slash, or '') and last segment. */
export function splitRoute(route: string): {
  dir: string;
  leaf: string;
  head: string;
  tail: string;
} {
  const cut = route.lastIndexOf('/') + 1;
  const leaf = route.slice(cut);
  return { dir: route.slice(0, cut), leaf, head: leaf.slice(0, 1), tail: leaf.slice(1) };
}

/** Spellings of `/api/auth/<route>` that once reached the route without its rules, or might. */
export function pathSpellingsOf(route: string): string[] {
  const { dir, leaf, head, tail } = splitRoute(route);
  const base = '/api/auth/';
  return [
    `${base}${route}%20`,
    `${base}${route}%09`,
    `${base}${route}%0A`,
    `${base}${route}%0D`,
    `${base}${route}%00`,
    `${base}${route}%0C`,
    `${base}${dir}${head}%09${tail}`,
    `${base}${dir}${head}%0A${tail}`,
    `${base}%20${route}`,
    `${base}${route}%C2%A0`,
    `${base}${route}/`,
    `/api/auth//${route.replace('/', '//')}`,
    `/api/auth%2F${route}`,
    `${base}${dir}%${head.charCodeAt(0).toString(16)}${tail}`,
    `${base}${dir}x%2F..%2F${leaf}`,
    `${base}${dir}x%5C..%5C${leaf}`,
    `${base}x%5C${route}`,
    `${base}${route};x=1`,
    `${base}${route.toUpperCase()}`,
    `${base}${route}%3Fx=1`,
    `${base}${route}%23x`,
  ];
}
