import { describe, expect, it } from 'vitest';
import { checkRepairGuards, findIntroducedHazards, findNewWords } from './guards';
import { applyPatch } from './patch';
import { millPlan } from './testing-plan.fixture';

describe('findNewWords', () => {
  it('finds no new word after a patch of the plan', () => {
    const plan = millPlan();
    const moved = applyPatch(plan, {
      kind: 'move',
      route: '/',
      section: 'visit',
      position: 0,
      reason: '',
    });
    expect(moved.ok && findNewWords(plan, moved.plan)).toEqual([]);
  });

  it('finds words the site never had, in any text of the plan', () => {
    const plan = millPlan();
    const changed = structuredClone(plan);
    changed.pages[0]!.sections[0]!.blocks.push({
      kind: 'paragraph',
      inlines: [{ text: 'Now 20% off' }],
    });
    changed.navigation.push({ label: 'Shop', route: '/' });
    expect(findNewWords(plan, changed).sort()).toEqual(['20', 'now', 'off', 'shop']);
  });
});

describe('findIntroducedHazards', () => {
  const before = { files: { 'src/content/pages/home.js': 'export default { text: "Mill" };' } };

  it('finds a script, an event handler and an external address new in a file', () => {
    for (const [added, kind] of [
      ['<script>alert(1)</script>', 'a script'],
      ['<img onerror="x()">', 'an event handler'],
      ['https://tracker.example.com/pixel.gif', 'an external address'],
    ] as const) {
      const after = {
        files: {
          'src/content/pages/home.js': `${before.files['src/content/pages/home.js']} ${added}`,
        },
      };
      expect(findIntroducedHazards(before, after)[0]).toMatch(
        new RegExp(`^${kind} in src/content/pages/home.js`, 'u'),
      );
    }
  });

  it('leaves the addresses the offline project already had', () => {
    const own = { files: { 'a.js': 'link("https://mill.example/old.html")' } };
    const after = { files: { 'a.js': 'link("https://mill.example/old.html"); x = 1' } };
    expect(findIntroducedHazards(own, after)).toEqual([]);
  });
});

describe('checkRepairGuards', () => {
  it('says why a repaired plan may not replace the offline one', () => {
    const plan = millPlan();
    const changed = structuredClone(plan);
    changed.pages[0]!.title = 'Best mill';
    const tree = { files: {} };
    expect(checkRepairGuards({ plan, tree }, { plan: changed, tree })).toBe(
      "new words that are not the site's: best",
    );
    expect(checkRepairGuards({ plan, tree }, { plan, tree })).toBeUndefined();
  });
});
