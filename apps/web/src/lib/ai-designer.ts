import { createContext, useContext } from 'react';

/**
 * Whether a language model reviews the rebuilt sites on this server by default (issue 22 item 1: the
 * claims follow configuration, as the GitHub ones do — lib/github-export.ts). Issue 25: when the
 * operator configures a default model (AI_PROVIDER, AI_MODEL), the server sends the public pages'
 * AI variant and the app's shell marked `<html data-ai="on">`, and the texts below switch to their
 * AI wording; without one the rebuild is rule-based unless a user adds their own model, and every
 * public text says so.
 */
export const AiDesignerContext = createContext<boolean>(
  typeof document !== 'undefined' && document.documentElement.dataset.ai === 'on',
);

/** True when an AI model rewrites parts of the rebuilt sites on this server. */
export function useAiDesigner(): boolean {
  return useContext(AiDesignerContext);
}

/** The name of the rebuild step, as the landing page and the create dialog say it. */
export function rebuildStepTitle(aiDesigner: boolean): string {
  return aiDesigner ? 'AI Modernization' : 'Automatic Modernization';
}
