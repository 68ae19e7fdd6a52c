import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_MODULE, renderTemplatesModule } from '../../../../scripts/inline-templates';
import { templateFile } from './template-files';

describe('the inlined template', () => {
  it('is up to date with templates/vite-react/ (npm run templates:inline)', async () => {
    expect(await renderTemplatesModule()).toBe(readFileSync(GENERATED_MODULE, 'utf8'));
  });

  it('has no lines that only some strategies keep: features are data the code reads', () => {
    expect(templateFile('src/components/Layout.tsx')).toContain(
      'useAnalytics(site.features.analytics);',
    );
    expect(templateFile('src/main.tsx')).toContain(
      "if (site.features.pwa && import.meta.env.PROD && 'serviceWorker' in navigator) {",
    );
    for (const path of ['src/components/Layout.tsx', 'src/main.tsx'] as const)
      expect(templateFile(path)).not.toContain('FULL_REBUILD only');
  });
});
