/**
 * Loopback fakes of the model providers (issue 25: OpenAI, Anthropic, Google), for tests across the workspace
 * (`@sitelift/engine/ai/testing`): the real SDK clients talk to them through `baseUrl`.
 */
export {
  startFakeServer,
  type FakeProviderServer,
  type FakeRequest,
  type FakeServerOptions,
  type FakeScriptStep,
  type FakeStep,
  type FakeUsage,
} from './fake-server';
export {
  openAiImages,
  openAiMessages,
  openAiText,
  startFakeOpenAiServer,
} from './fake-openai-server';
export { anthropicImages, anthropicText, startFakeAnthropicServer } from './fake-anthropic-server';
export { googleImages, googleText, startFakeGoogleServer } from './fake-google-server';
