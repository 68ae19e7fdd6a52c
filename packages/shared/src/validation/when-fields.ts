import type { core } from 'zod';

/**
 * A `when` for object-level refinements: run even if other fields failed, as long as `keys` hold
 * strings, so a form shows every message at once.
 */
export function whenStrings(...keys: string[]): (payload: core.ParsePayload) => boolean {
  return (payload) => {
    const value = payload.value as Record<string, unknown> | null;
    return (
      typeof value === 'object' &&
      value !== null &&
      keys.every((key) => typeof value[key] === 'string')
    );
  };
}
