import { setupServer } from 'msw/node';
import { accountHandlers } from './handlers/account';
import { authHandlers } from './handlers/auth';
import { billingHandlers } from './handlers/billing';
import { githubHandlers } from './handlers/github';
import { hostingHandlers } from './handlers/hosting';
import { profileHandlers } from './handlers/profile';
import { projectHandlers } from './handlers/projects';

/** The MSW server of the web tests: the API the app talks to, backed by `mockDb`. */
export const server = setupServer(
  ...authHandlers,
  ...profileHandlers,
  ...hostingHandlers,
  ...projectHandlers,
  ...billingHandlers,
  ...githubHandlers,
  ...accountHandlers,
);
