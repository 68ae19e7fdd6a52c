import { describe, expect, it } from 'vitest';
import { VALIDATION_MESSAGES as M } from '../messages';
import { createProjectFormSchema } from './create-project';
import { editProjectFormSchema } from './edit-project';
import { profileUpdateSchema } from './profile';
import { findNulCharacterPath, hasNoNulCharacter } from './text';

const NUL = '\u0000';

function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('NUL characters (issue 10)', () => {
  it('tells text with NUL from text without', () => {
    expect(hasNoNulCharacter('plain text')).toBe(true);
    expect(hasNoNulCharacter(`a${NUL}b`)).toBe(false);
  });

  it('is refused by the project and profile forms with the shared message', () => {
    const project = { sourceUrl: 'https://example.com', name: 'Good name' };
    expect(firstMessage(createProjectFormSchema.safeParse({ ...project, name: `Bad${NUL}` }))).toBe(
      M.nulCharacter,
    );
    expect(firstMessage(createProjectFormSchema.safeParse({ ...project, description: NUL }))).toBe(
      M.nulCharacter,
    );
    expect(
      firstMessage(
        createProjectFormSchema.safeParse({ ...project, sourceUrl: `https://example.com/${NUL}` }),
      ),
    ).toBe(M.nulCharacter);
    expect(
      firstMessage(editProjectFormSchema.safeParse({ name: 'Good name', description: `x${NUL}` })),
    ).toBe(M.nulCharacter);
    const profile = { full_name: '', company_name: '', avatar_url: '' };
    for (const field of ['full_name', 'company_name'] as const) {
      expect(firstMessage(profileUpdateSchema.safeParse({ ...profile, [field]: NUL }))).toBe(
        M.nulCharacter,
      );
    }
    expect(
      firstMessage(
        profileUpdateSchema.safeParse({ ...profile, avatar_url: `https://a.example/${NUL}` }),
      ),
    ).toBe(M.nulCharacter);
  });

  it('finds where a NUL sits in a parsed body', () => {
    expect(findNulCharacterPath({ a: 'x', b: [1, { c: `y${NUL}` }] })).toBe('b.1.c');
    expect(findNulCharacterPath({ [`k${NUL}`]: 1 })).toBe('k\\u0000');
    expect(findNulCharacterPath(`${NUL}`)).toBe('');
    expect(findNulCharacterPath({ a: 'x', b: [true, null, 2] })).toBeNull();
    expect(findNulCharacterPath(undefined)).toBeNull();
  });
});
