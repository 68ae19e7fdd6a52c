import { z } from 'zod';

/** One signed-in device of `GET /api/account/sessions` (issue 28). */
export const accountSessionSchema = z.object({
  id: z.string(),
  /** True for the session of the request (this browser). */
  current: z.boolean(),
  /** 'Chrome 131', or null when unknown. */
  browser: z.string().nullable(),
  /** 'Windows 11', 'macOS'..., or null. */
  os: z.string().nullable(),
  device_type: z.enum(['desktop', 'mobile', 'tablet', 'unknown']),
  ip_address: z.string().nullable(),
  created_at: z.string(),
  last_active_at: z.string(),
});
export type AccountSession = z.infer<typeof accountSessionSchema>;

export const accountSessionListSchema = z.object({ items: z.array(accountSessionSchema) });
export type AccountSessionList = z.infer<typeof accountSessionListSchema>;

/** `GET /api/account/security`: what the Security section shows. */
export const accountSecuritySchema = z.object({
  two_factor_enabled: z.boolean(),
  /** Backup codes not used yet (0 when two-factor sign-in is off). */
  backup_codes_left: z.number().int(),
  /** False for an account without a password (it cannot confirm changes with one). */
  has_password: z.boolean(),
});
export type AccountSecurity = z.infer<typeof accountSecuritySchema>;

/** A data export (`GET /api/account/export`, `POST /api/account/export`). */
export const dataExportSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'ready', 'failed']),
  size_bytes: z.number().int().nullable(),
  created_at: z.string(),
  completed_at: z.string().nullable(),
  expires_at: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

export const dataExportStateSchema = z.object({ export: dataExportSchema.nullable() });

/** `POST /api/account/delete`: the password, and a code when two-factor sign-in is on. */
export const deleteAccountBodySchema = z.strictObject({
  password: z.string().min(1, { message: 'Password is required' }).max(128),
  code: z.string().trim().max(32).optional(),
});
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;
