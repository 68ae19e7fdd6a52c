import { createHash } from 'node:crypto';
import Bowser from 'bowser';
import { toClientGroup } from '../http/client-group';

/** A signed-in device as the Security screen and the new-sign-in e-mail name it. */
export interface DeviceDescription {
  /** 'Chrome 131', or null when the User-Agent names no browser we know. */
  browser: string | null;
  /** 'Windows 11', 'macOS', 'iOS 18.1'... or null. */
  os: string | null;
  /** desktop, mobile, tablet or unknown. */
  kind: 'desktop' | 'mobile' | 'tablet' | 'unknown';
}

/** The browser, system and kind of device of a User-Agent header (parsed offline with bowser). */
export function describeDevice(userAgent: string | null | undefined): DeviceDescription {
  if (!userAgent) return { browser: null, os: null, kind: 'unknown' };
  const parsed = Bowser.parse(userAgent);
  const majorVersion = parsed.browser.version?.split('.')[0];
  const browser = parsed.browser.name
    ? `${parsed.browser.name}${majorVersion ? ` ${majorVersion}` : ''}`
    : null;
  const osVersion = parsed.os.versionName ?? parsed.os.version;
  const os = parsed.os.name ? `${parsed.os.name}${osVersion ? ` ${osVersion}` : ''}` : null;
  const platform = parsed.platform.type;
  const kind =
    platform === 'desktop' || platform === 'mobile' || platform === 'tablet' ? platform : 'unknown';
  return { browser, os, kind };
}

/** 'Chrome 131 on Windows 11', 'an unknown browser' when nothing is known. */
export function formatDevice(device: DeviceDescription): string {
  if (device.browser && device.os) return `${device.browser} on ${device.os}`;
  return device.browser ?? (device.os ? `a browser on ${device.os}` : 'an unknown browser');
}

/**
 * What makes a device "the same" for the new-sign-in e-mail: browser and system families (not their
 * versions, which update) and the client network (toClientGroup), hashed so no address is stored.
 */
export function deviceKey(userAgent: string | null | undefined, ipAddress: string | null): string {
  const parsed = userAgent ? Bowser.parse(userAgent) : undefined;
  const parts = [
    parsed?.browser.name ?? userAgent ?? '',
    parsed?.os.name ?? '',
    ipAddress ? toClientGroup(ipAddress) : '',
  ];
  return createHash('sha256').update(parts.join('\n')).digest('hex');
}
