/** Variables a worker's environment may hold that no browser or build may see (tests). */
export const SECRET_ENV: Record<string, string> = {
  DATABASE_URL: 'postgres://sitelift:db-password@127.0.0.1:5432/sitelift',
  AUTH_SECRET: 'auth-secret-0123456789abcdef0123456789abcdef',
  S3_ACCESS_KEY_ID: 's3-access-key-id',
  S3_SECRET_ACCESS_KEY: 's3-secret-access-key',
  STRIPE_SECRET_KEY: 'sk_live_stripe',
  GITHUB_TOKEN: 'ghp_token',
  SMTP_URL: 'smtp://user:mail-password@mail.example',
  OPENAI_API_KEY: 'sk-openai',
  SOME_SERVICE_TOKEN: 'service-token',
  HTTPS_PROXY: 'http://user:proxy-password@proxy.example:3128',
  VITE_ANALYTICS_KEY: 'vite-key',
};
