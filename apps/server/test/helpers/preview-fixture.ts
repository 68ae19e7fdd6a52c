import { eq } from 'drizzle-orm';
import { projects } from '../../src/db/schema';
import type { Agent, TestApp } from './test-app';

// A completed project whose preview dist/ is written straight to the artifact store (no engine).

const encode = (value: string) => new TextEncoder().encode(value);

/** The preview's start page: a module script under the site root. */
export const PREVIEW_INDEX =
  '<!doctype html><html><head><script type="module" src="/assets/app.js"></script></head><body>Home</body></html>';

/** Creates a project through the API and makes it completed with a stored preview; returns its id. */
export async function completedProject(testApp: TestApp, agent: Agent): Promise<string> {
  const created = await agent.post('/api/projects', {
    name: 'Preview fixture',
    sourceUrl: 'http://127.0.0.1:9/',
    modernizationStrategy: 'INCREMENTAL_UPDATE',
    targetFramework: 'React',
  });
  const id: string = created.json().id;
  await testApp.database.db
    .update(projects)
    .set({
      status: 'completed',
      generatedCodeUrl: `/api/projects/${id}/download`,
      reportSummary: {
        pages: 2,
        routes: ['/', '/about'],
        text_coverage: 1,
        build_ok: true,
        not_carried: 0,
        screenshots: [],
        preview: true,
      },
    })
    .where(eq(projects.id, id));
  await testApp.artifacts.replaceProjectArtifacts(
    id,
    new Map([
      ['dist/index.html', encode(PREVIEW_INDEX)],
      ['dist/about/index.html', encode('<!doctype html><body>About, prerendered</body>')],
      ['dist/assets/app.js', encode('document.body.dataset.ok = "1";')],
    ]),
  );
  return id;
}
