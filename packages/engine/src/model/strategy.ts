import { MODERNIZATION_STRATEGIES } from '@sitelift/shared/validation/create-project';

/** The three modernization strategies of the product specification (defined once, in shared). */
export const STRATEGIES = MODERNIZATION_STRATEGIES;
/** One of the three modernization strategies. */
export type Strategy = (typeof STRATEGIES)[number];
/** The strategy used when none is given. */
export const DEFAULT_STRATEGY: Strategy = 'INCREMENTAL_UPDATE';
