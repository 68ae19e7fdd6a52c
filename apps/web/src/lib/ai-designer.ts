import { createContext, useContext } from 'react';

/**
 * Whether an AI designer (a language model) takes part in rebuilding sites on this server (issue 22
 * item 1: the claims follow configuration, as the GitHub ones do — lib/github-export.ts). No AI
 * provider can be configured yet: the engine's designer is rule-based, nothing marks a page
 * `<html data-ai="on">`, and every text says what the server really does. When a provider lands, the
 * server marks the pages it serves and the texts below switch to their AI wording.
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
