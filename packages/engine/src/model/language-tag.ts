/**
 * `lang` values of the original are free text (`en_US`, `english`, or a hostile `en"><script>`): only
 * a well-formed BCP 47 tag is kept, in its canonical form (issue 10).
 */

/**
 * The canonical BCP 47 form of a language tag (`EN-us` -> `en-US`), or undefined when the value is
 * not a valid tag. `Intl.getCanonicalLocales` is the validator: it throws a RangeError for anything
 * that is not a structurally valid Unicode BCP 47 locale identifier. The POSIX spelling `en_US`, common
 * on old sites, is read as `en-US`.
 */
export function toLanguageTag(value: string | undefined): string | undefined {
  const trimmed = value?.trim().replace(/_/g, '-');
  if (!trimmed) return undefined;
  try {
    return Intl.getCanonicalLocales(trimmed)[0];
  } catch {
    return undefined;
  }
}
