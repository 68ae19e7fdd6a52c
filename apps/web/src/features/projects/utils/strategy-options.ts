import type { ModernizationStrategy } from '@sitelift/shared/validation/create-project';

/** The strategy options of spec §3, with what each one delivers. */
export const STRATEGY_OPTIONS: Record<
  ModernizationStrategy,
  { title: string; features: string; recommended?: boolean }
> = {
  STYLE_MODERNIZATION: {
    title: 'Style Modernization',
    features: 'Responsive design, modern CSS, basic SEO, performance.',
  },
  INCREMENTAL_UPDATE: {
    title: 'Incremental Update',
    features:
      'React conversion, component architecture, state management, API integration, advanced SEO.',
    recommended: true,
  },
  FULL_REBUILD: {
    title: 'Full Rebuild',
    features:
      'TypeScript, every route prerendered, advanced animations, PWA, performance optimization, analytics integration.',
  },
};
