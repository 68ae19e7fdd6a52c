/**
 * Ties a zod schema to the TypeScript type it checks, so that the two are one declaration: a field
 * added to, removed from or changed in either side (optional fields included) fails typecheck.
 */
import type { z } from 'zod';

/** T with intersections flattened and every nested object written out (bytes left as they are). */
type Flat<T> = T extends Uint8Array
  ? T
  : T extends readonly (infer E)[]
    ? Flat<E>[]
    : T extends object
      ? { [K in keyof T]: Flat<T[K]> }
      : T;

/** True when A and B are the same type, optional keys and their types included. */
export type Same<A, B> =
  (<V>() => V extends Flat<A> ? 1 : 2) extends <V>() => V extends Flat<B> ? 1 : 2 ? true : false;

/**
 * `exactly<RawSite>()(z.object({…}))`: the schema itself, accepted only when what it parses is
 * exactly T (else the call does not typecheck: the argument lacks the `schemaDoesNotMatch` key).
 */
export function exactly<T>() {
  return <S extends z.ZodType>(
    schema: S & (Same<z.output<S>, T> extends true ? unknown : { schemaDoesNotMatch: T }),
  ): S => schema;
}
