import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { VALIDATION_MESSAGES as M } from '../messages';
import { signInSchema } from './sign-in';
import { registerSchema, resetPasswordSchema } from './register';
import { changePasswordSchema, isChangePasswordComplete } from './change-password';
import { buildChangeEmailSchema, canSubmitNewEmail } from './change-email';
import { createProjectFormSchema } from './create-project';
import { editProjectFormSchema } from './edit-project';
import { profileUpdateSchema } from './profile';
import { profileUpdateBodySchema } from '../schemas/auth';

/** The message a form shows per field (the first one, as react-hook-form does), keyed by field. */
function errorsOf(schema: z.ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.join('.') || '_';
    errors[key] ??= [issue.message];
  }
  return errors;
}

describe('sign in rules (spec §5)', () => {
  it('requires the e-mail', () => {
    expect(errorsOf(signInSchema, { email: '', password: 'secret1' }).email).toEqual([
      M.emailRequired,
    ]);
  });
  it.each(['plainaddress', 'a b@c.de', 'a@b', '@b.com', 'a@b .com'])('refuses %j', (email) => {
    expect(errorsOf(signInSchema, { email, password: 'secret1' }).email).toEqual([M.emailInvalid]);
  });
  it('requires the password', () => {
    expect(errorsOf(signInSchema, { email: 'a@b.co', password: '' }).password).toEqual([
      M.passwordRequired,
    ]);
  });
  it('needs 6 characters of password', () => {
    expect(errorsOf(signInSchema, { email: 'a@b.co', password: '12345' }).password).toEqual([
      M.passwordMin6,
    ]);
    expect(signInSchema.safeParse({ email: 'a@b.co', password: '123456' }).success).toBe(true);
  });
  it('uses the exact spec wording', () => {
    expect(M.emailRequired).toBe('Email is required');
    expect(M.emailInvalid).toBe('Please enter a valid email address');
    expect(M.passwordRequired).toBe('Password is required');
    expect(M.passwordMin6).toBe('Password must be at least 6 characters');
  });
});

describe('registration rules (spec §5)', () => {
  const valid = { email: 'ada@example.com', password: 'Abcdefg1', confirmPassword: 'Abcdefg1' };

  it('accepts a valid registration', () => {
    expect(registerSchema.safeParse(valid).success).toBe(true);
  });
  it('applies the sign-in e-mail rules', () => {
    expect(errorsOf(registerSchema, { ...valid, email: '' }).email).toEqual([M.emailRequired]);
    expect(errorsOf(registerSchema, { ...valid, email: 'nope' }).email).toEqual([M.emailInvalid]);
  });
  it('requires a password of 8 characters', () => {
    expect(errorsOf(registerSchema, { ...valid, password: '' }).password?.[0]).toBe(
      M.passwordRequired,
    );
    expect(
      errorsOf(registerSchema, { ...valid, password: 'Abcde1', confirmPassword: 'Abcde1' })
        .password,
    ).toEqual([M.passwordMin8]);
  });
  it.each(['abcdefg1', 'ABCDEFG1', 'Abcdefgh'])('needs upper, lower and digit: %j', (password) => {
    expect(
      errorsOf(registerSchema, { ...valid, password, confirmPassword: password }).password,
    ).toEqual([M.passwordComplexity]);
  });
  it('requires the confirmation', () => {
    expect(errorsOf(registerSchema, { ...valid, confirmPassword: '' }).confirmPassword).toEqual([
      M.confirmPasswordRequired,
    ]);
  });
  it('shows the register mismatch message with its full stop', () => {
    expect(
      errorsOf(registerSchema, { ...valid, confirmPassword: 'Abcdefg2' }).confirmPassword,
    ).toEqual(['Passwords do not match.']);
  });
  it('uses the exact spec wording', () => {
    expect(M.passwordMin8).toBe('Password must be at least 8 characters');
    expect(M.passwordComplexity).toBe(
      'Password must contain at least one uppercase letter, one lowercase letter, and one number',
    );
    expect(M.confirmPasswordRequired).toBe('Please confirm your password');
  });
});

describe('reset password rules', () => {
  it('applies the registration password rules and the plain mismatch message', () => {
    expect(
      errorsOf(resetPasswordSchema, { password: 'short', confirmPassword: 'short' }).password,
    ).toEqual([M.passwordMin8]);
    expect(
      errorsOf(resetPasswordSchema, { password: 'Abcdefg1', confirmPassword: 'Abcdefg9' })
        .confirmPassword,
    ).toEqual(['Passwords do not match']);
    expect(
      resetPasswordSchema.safeParse({ password: 'Abcdefg1', confirmPassword: 'Abcdefg1' }).success,
    ).toBe(true);
  });
});

describe('change password rules (spec §5)', () => {
  it('reports mismatching new passwords first', () => {
    expect(
      errorsOf(changePasswordSchema, {
        currentPassword: 'old-pass',
        newPassword: 'abc',
        confirmNewPassword: 'abd',
      }),
    ).toEqual({ confirmNewPassword: ['New passwords do not match'] });
  });
  it('asks what registration asks: 8 characters, then lower, upper and digit', () => {
    expect(
      errorsOf(changePasswordSchema, {
        currentPassword: 'old-pass',
        newPassword: 'Abcde1',
        confirmNewPassword: 'Abcde1',
      }),
    ).toEqual({ newPassword: ['Password must be at least 8 characters'] });
    expect(
      errorsOf(changePasswordSchema, {
        currentPassword: 'old-pass',
        newPassword: 'abcdefgh1',
        confirmNewPassword: 'abcdefgh1',
      }),
    ).toEqual({
      newPassword: [
        'Password must contain at least one uppercase letter, one lowercase letter, and one number',
      ],
    });
  });
  it('accepts a valid change', () => {
    expect(
      changePasswordSchema.safeParse({
        currentPassword: 'x',
        newPassword: 'Abcdefg1',
        confirmNewPassword: 'Abcdefg1',
      }).success,
    ).toBe(true);
  });
  it('keeps submit disabled while a field is empty', () => {
    expect(isChangePasswordComplete({ currentPassword: 'a', newPassword: 'b' })).toBe(false);
    expect(
      isChangePasswordComplete({ currentPassword: 'a', newPassword: 'b', confirmNewPassword: '' }),
    ).toBe(false);
    expect(
      isChangePasswordComplete({ currentPassword: 'a', newPassword: 'b', confirmNewPassword: 'c' }),
    ).toBe(true);
  });
});

describe('change email rules (spec §5)', () => {
  const schema = buildChangeEmailSchema('ada@example.com');
  it('requires, trims and checks the new e-mail', () => {
    expect(errorsOf(schema, { newEmail: '  ' }).newEmail).toEqual([M.emailRequired]);
    expect(errorsOf(schema, { newEmail: 'nope' }).newEmail).toEqual([M.emailInvalid]);
    expect(schema.parse({ newEmail: '  new@example.com ' }).newEmail).toBe('new@example.com');
  });
  it('must differ from the current e-mail', () => {
    expect(errorsOf(schema, { newEmail: ' ADA@example.com' }).newEmail).toEqual([
      M.newEmailMustDiffer,
    ]);
  });
  it('disables submit when blank or unchanged', () => {
    expect(canSubmitNewEmail('   ', 'ada@example.com')).toBe(false);
    expect(canSubmitNewEmail(' ada@example.com ', 'ada@example.com')).toBe(false);
    expect(canSubmitNewEmail('bob@example.com', 'ada@example.com')).toBe(true);
  });
});

describe('create project rules (spec §5)', () => {
  const valid = { sourceUrl: 'https://example.com', name: 'My site' };
  it('requires an absolute URL', () => {
    expect(errorsOf(createProjectFormSchema, { ...valid, sourceUrl: '' }).sourceUrl).toEqual([
      'Website URL is required',
    ]);
    expect(
      errorsOf(createProjectFormSchema, { ...valid, sourceUrl: 'example.com' }).sourceUrl,
    ).toEqual(['Please enter a valid URL (e.g., https://example.com)']);
  });
  it('requires a name of 3 characters', () => {
    expect(errorsOf(createProjectFormSchema, { ...valid, name: '' }).name).toEqual([
      'Project name is required',
    ]);
    expect(errorsOf(createProjectFormSchema, { ...valid, name: 'ab' }).name).toEqual([
      'Project name must be at least 3 characters',
    ]);
  });
  it('makes the description optional and defaults the strategy, the scope and the AI additions', () => {
    expect(createProjectFormSchema.parse(valid)).toEqual({
      ...valid,
      modernizationStrategy: 'INCREMENTAL_UPDATE',
      includePaths: [],
      excludePaths: [],
      unbuiltLinks: 'keep',
      aiAdditions: true,
    });
    expect(createProjectFormSchema.parse({ ...valid, aiAdditions: false }).aiAdditions).toBe(false);
  });
  it('takes path patterns that start with a slash, at most 20 of each', () => {
    expect(
      createProjectFormSchema.parse({
        ...valid,
        includePaths: [' /blog/ '],
        excludePaths: ['/x/*'],
      }),
    ).toMatchObject({ includePaths: ['/blog/'], excludePaths: ['/x/*'] });
    expect(errorsOf(createProjectFormSchema, { ...valid, includePaths: ['blog'] })).toEqual({
      'includePaths.0': ['Each path starts with / (for example /blog/ or /news/*)'],
    });
    expect(
      errorsOf(createProjectFormSchema, {
        ...valid,
        excludePaths: Array.from({ length: 21 }, (_, index) => `/p${index}`),
      }).excludePaths,
    ).toEqual(['At most 20 paths']);
    expect(errorsOf(createProjectFormSchema, { ...valid, unbuiltLinks: 'drop' })).toHaveProperty(
      'unbuiltLinks',
    );
  });
});

describe('edit project rules', () => {
  it('keeps the name rules and trims the description', () => {
    expect(errorsOf(editProjectFormSchema, { name: ' a ', description: '' }).name).toEqual([
      'Project name must be at least 3 characters',
    ]);
    expect(errorsOf(editProjectFormSchema, { name: '', description: '' }).name).toEqual([
      'Project name is required',
    ]);
    expect(editProjectFormSchema.parse({ name: ' New name ', description: ' x ' })).toEqual({
      name: 'New name',
      description: 'x',
    });
  });
});

describe('profile rules (spec §5)', () => {
  it('trims and stores empty values as null', () => {
    expect(
      profileUpdateSchema.parse({
        full_name: '  Ada Lovelace ',
        company_name: '   ',
        avatar_url: '',
      }),
    ).toEqual({ full_name: 'Ada Lovelace', company_name: null, avatar_url: null });
  });
  it('expects a URL for the avatar', () => {
    expect(
      errorsOf(profileUpdateSchema, { full_name: '', company_name: '', avatar_url: 'not a url' })
        .avatar_url,
    ).toEqual([M.avatarUrlInvalid]);
    expect(
      errorsOf(profileUpdateSchema, {
        full_name: '',
        company_name: '',
        avatar_url: 'javascript:alert(1)',
      }).avatar_url,
    ).toEqual([M.avatarUrlInvalid]);
  });
  it('refuses overlong names', () => {
    expect(
      errorsOf(profileUpdateSchema, {
        full_name: 'x'.repeat(101),
        company_name: '',
        avatar_url: '',
      }).full_name,
    ).toEqual([M.fullNameMax]);
  });
  it('accepts null and partial bodies on the API, and refuses unknown keys', () => {
    expect(
      profileUpdateBodySchema.parse({ full_name: null, avatar_url: ' https://x.io/a.png ' }),
    ).toEqual({ full_name: null, avatar_url: 'https://x.io/a.png' });
    expect(profileUpdateBodySchema.safeParse({ email: 'x@y.z' }).success).toBe(false);
  });
});

describe('all messages at once', () => {
  it('shows the register mismatch even when the e-mail is missing', () => {
    expect(
      errorsOf(registerSchema, { email: '', password: 'Abcdefg1', confirmPassword: 'Abc' }),
    ).toEqual({ email: [M.emailRequired], confirmPassword: ['Passwords do not match.'] });
  });
  it('shows the change-password mismatch even when the current password is missing', () => {
    expect(
      errorsOf(changePasswordSchema, {
        currentPassword: '',
        newPassword: 'abcdef',
        confirmNewPassword: 'abcdeg',
      }),
    ).toEqual({
      currentPassword: [M.currentPasswordRequired],
      confirmNewPassword: ['New passwords do not match'],
    });
  });
});
