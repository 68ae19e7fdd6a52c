/**
 * Type test (issue 11): the content types the template reads (templates/vite-react/src/content/) are
 * the engine's model and plan types (model/content-model.ts) for every field they share, so neither can drift. The
 * checks are types: `npm run typecheck` (tsc -b; the engine project includes this file) fails on
 * a drift; the test below only makes the file part of the test run too.
 *
 * Where the two differ on purpose, the difference is named here: the template's ImageData has
 * `priority`, `srcset` and `sizes` (set by generate) and no `asset`; its FormContent has no `action` (where the form posts
 * is configuration: VITE_FORM_ENDPOINT); its tabs always have a label (generate fills it in); and it
 * has no `break` block (extract ends a section there; it never reaches a page).
 */
import { describe, expect, it } from 'vitest';
import type * as Model from '../../model';
import type * as Template from '../../../templates/vite-react/src/content/types';
import type { MenuLink, SiteContent } from '../../../templates/vite-react/src/content/site-types';
import type { SiteLabels } from './labels';

/** True when A and B are the same type (optional and readonly modifiers included). */
type Equal<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
/** True when A and B have the same keys and each is assignable to the other. */
type Same<A, B> = [A] extends [B]
  ? [B] extends [A]
    ? Equal<keyof A, keyof B> extends true
      ? Equal<RequiredKeys<A>, RequiredKeys<B>>
      : false
    : false
  : false;
type RequiredKeys<T> = { [K in keyof T]-?: object extends Pick<T, K> ? never : K }[keyof T];
/** Fails to compile unless T is true. */
type Assert<T extends true> = T;

type ModelBlock<K> = Extract<Model.Block, { kind: K }>;
type TemplateBlock<K> = Extract<Template.Block, { kind: K }>;
type PlannedSection = Model.PlannedPage['sections'][number];

/** Every check; a false one is a compile error. */
export type TemplateContentChecks = [
  // Inline text, forms, images.
  Assert<Same<Model.InlineRun, Template.InlineRun>>,
  Assert<Same<Model.FormField, Template.FormFieldData>>,
  Assert<Same<Omit<Model.FormModel, 'action'>, Template.FormContent>>,
  Assert<
    Same<Omit<Model.ImageRef, 'asset'>, Omit<Template.ImageData, 'priority' | 'srcset' | 'sizes'>>
  >,
  // Blocks: the same kinds but `break`, and each kind the same but for the parts named above.
  Assert<Equal<Exclude<Model.Block['kind'], 'break'>, Template.Block['kind']>>,
  Assert<Same<ModelBlock<'paragraph'>, TemplateBlock<'paragraph'>>>,
  Assert<Same<ModelBlock<'heading'>, TemplateBlock<'heading'>>>,
  Assert<Same<ModelBlock<'list'>, TemplateBlock<'list'>>>,
  Assert<Same<ModelBlock<'table'>, TemplateBlock<'table'>>>,
  Assert<Same<ModelBlock<'pre'>, TemplateBlock<'pre'>>>,
  Assert<Same<ModelBlock<'rule'>, TemplateBlock<'rule'>>>,
  Assert<Same<Omit<ModelBlock<'image'>, 'image'>, Omit<TemplateBlock<'image'>, 'image'>>>,
  Assert<Same<Omit<ModelBlock<'form'>, 'form'>, Omit<TemplateBlock<'form'>, 'form'>>>,
  Assert<
    Same<Omit<ModelBlock<'tabs'>, 'tabs' | 'label'>, Omit<TemplateBlock<'tabs'>, 'tabs' | 'label'>>
  >,
  Assert<Equal<ModelBlock<'tabs'>['label'], TemplateBlock<'tabs'>['label'] | undefined>>,
  Assert<Same<Omit<Model.Tab, 'blocks'>, Omit<Template.TabData, 'blocks'>>>,
  Assert<Same<Omit<ModelBlock<'dialog'>, 'blocks'>, Omit<TemplateBlock<'dialog'>, 'blocks'>>>,
  Assert<Same<Omit<ModelBlock<'carousel'>, 'slides'>, Omit<TemplateBlock<'carousel'>, 'slides'>>>,
  Assert<Same<Omit<ModelBlock<'items'>, 'items'>, Omit<TemplateBlock<'items'>, 'items'>>>,
  Assert<Same<Omit<Model.Panel, 'blocks' | 'image'>, Omit<Template.PanelData, 'blocks' | 'image'>>>,
  Assert<Equal<keyof Model.Panel, keyof Template.PanelData>>,
  // Sections and pages.
  Assert<Equal<Model.SectionVariant, Template.SectionVariant>>,
  Assert<
    Same<
      Omit<PlannedSection, 'blocks' | 'backdrop' | 'titleBand'>,
      Omit<Template.SectionData, 'blocks' | 'backdrop' | 'titleBand' | 'aside'>
    >
  >,
  Assert<Same<Omit<Model.TitleBand, 'image'>, Omit<Template.TitleBandData, 'image'>>>,
  // The page's sidebar (the plan's PlannedPage.aside, carried on the first section's data).
  Assert<Same<Omit<Model.Aside, 'blocks'>, Omit<Template.AsideData, 'blocks'>>>,
  Assert<Same<Omit<Model.HeroBackdrop, 'image'>, Omit<Template.BackdropData, 'image'>>>,
  Assert<
    Same<
      Pick<Model.PlannedPage, 'route' | 'title' | 'description' | 'language'>,
      Pick<Template.PageEntry, 'route' | 'title' | 'description' | 'language'>
    >
  >,
  // The site module (src/content/site.ts).
  Assert<Same<Model.SitePlan['navigation'][number], SiteContent['navigation'][number]>>,
  Assert<Same<Model.SitePlan['footerLinks'][number], SiteContent['footerLinks'][number]>>,
  Assert<Same<Omit<Model.PlannedMenuItem, 'children'>, Omit<MenuLink, 'children'>>>,
  Assert<Equal<keyof Model.PlannedMenuItem, keyof MenuLink>>,
  Assert<Same<Model.ContactDetails, SiteContent['contact']>>,
  Assert<Same<Model.SocialLink, SiteContent['social'][number]>>,
  Assert<Same<SiteLabels, SiteContent['labels']>>,
];

describe('the template content types', () => {
  it('are checked against the model types by tsc (this file compiles)', () => {
    const checked: TemplateContentChecks | undefined = undefined;
    expect(checked).toBeUndefined();
  });
});
