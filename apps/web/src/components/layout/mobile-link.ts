/** The classes of a link in the top bar's mobile menu. */
export const MOBILE_LINK =
  'block rounded-lg px-3 py-2.5 text-base font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';
