/**
 * File extensions a file of the original may keep under the new site's public/ folder. Each is
 * served by hosts as a picture, a download or media, never as a page or script of the new site's own
 * origin (`.html`, `.js`, `.xml`, `.xhtml` would run there: issue 10). SVGs are sanitised on the way.
 */
export const PUBLIC_FILE_EXTENSIONS = [
  // pictures
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'avif',
  'svg',
  'ico',
  'bmp',
  'tif',
  'tiff',
  // downloads the old site links to
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'odt',
  'ods',
  'odp',
  'rtf',
  'txt',
  'csv',
  'epub',
  'zip',
  'gz',
  'tgz',
  '7z',
  'rar',
  // media
  'mp3',
  'wav',
  'ogg',
  'mp4',
  'webm',
  'mov',
  // the site's own web fonts, self-hosted (issue 12)
  'woff2',
  'woff',
  'ttf',
  'otf',
  // unknown content, served as application/octet-stream
  'bin',
] as const;

const PUBLIC_FILE_EXTENSION_SET: ReadonlySet<string> = new Set(PUBLIC_FILE_EXTENSIONS);

/** True for an extension (without the dot, any case) a public/ file may have. */
export function isPublicFileExtension(extension: string): boolean {
  return PUBLIC_FILE_EXTENSION_SET.has(extension.toLowerCase());
}
