import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { GENERATED_MODULE, renderTemplatesModule } from '../../../../scripts/inline-templates';
import { templateFile } from './template-files';

describe('the inlined template', () => {
  it('is up to date with templates/vite-react/ (npm run templates:inline)', async () => {
    expect(await renderTemplatesModule()).toBe(readFileSync(GENERATED_MODULE, 'utf8'));
  });

  it('keeps the lines marked FULL_REBUILD only, without the mark, for FULL_REBUILD alone', () => {
    const full = templateFile('src/components/Layout.tsx', true);
    const other = templateFile('src/components/Layout.tsx', false);
    expect(full).toContain("import { useAnalytics } from '../lib/analytics';\n");
    expect(full).toContain('  useAnalytics();\n');
    expect(full).not.toContain('FULL_REBUILD only');
    expect(other).not.toContain('useAnalytics');
  });

  it('keeps a block marked FULL_REBUILD only (the service worker), without the marks, for FULL_REBUILD alone', () => {
    const full = templateFile('src/main.tsx', true);
    expect(full).toContain("\nif (import.meta.env.PROD && 'serviceWorker' in navigator) {\n");
    expect(full).not.toContain('FULL_REBUILD only');
    expect(templateFile('src/main.tsx', false)).not.toMatch(/serviceWorker|FULL_REBUILD only/);
  });
});
