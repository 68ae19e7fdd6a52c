const NUL = '\u0000';

/** Deepest nesting searched by {@link findNulCharacterPath}; deeper values are reported at the cut-off. */
const MAX_DEPTH = 64;

/** True when `value` holds no NUL character (U+0000), which PostgreSQL text columns cannot store. */
export function hasNoNulCharacter(value: string): boolean {
  return !value.includes(NUL);
}

/**
 * Where the first NUL character sits in a parsed request body or query: a dotted path such as `name` or
 * `items.0.title` (keys included; '' for a bare string), or null when there is none.
 */
export function findNulCharacterPath(value: unknown, depth = 0): string | null {
  if (typeof value === 'string') return value.includes(NUL) ? '' : null;
  if (typeof value !== 'object' || value === null) return null;
  if (depth >= MAX_DEPTH) return '';
  const entries = Array.isArray(value)
    ? value.map((item, index) => [String(index), item] as const)
    : Object.entries(value);
  for (const [key, item] of entries) {
    if (key.includes(NUL)) return key.replaceAll(NUL, '\\u0000');
    const inner = findNulCharacterPath(item, depth + 1);
    if (inner !== null) return inner === '' ? key : `${key}.${inner}`;
  }
  return null;
}
