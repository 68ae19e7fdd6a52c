import { crc32, inflateRawSync } from 'node:zlib';

/** One entry of a zip as its central directory describes it, with its bytes read back. */
export interface ZipEntryCheck {
  name: string;
  /** The CRC-32 the zip records for the entry. */
  crc: number;
  /** The CRC-32 of the entry's bytes as an unzip tool reads them (inflated when deflated). */
  actualCrc: number;
  /** The entry's size as recorded, and as read back. */
  size: number;
  actualSize: number;
  /** The entry's modification time (DOS date and time, read as local time like unzip tools do). */
  mtime: Date;
}

const CENTRAL_END = 0x06054b50;
const CENTRAL_ENTRY = 0x02014b50;
const LOCAL_ENTRY = 0x04034b50;

function fromDosTime(date: number, time: number): Date {
  return new Date(
    1980 + (date >> 9),
    ((date >> 5) & 0xf) - 1,
    date & 0x1f,
    time >> 11,
    (time >> 5) & 0x3f,
    (time & 0x1f) * 2,
  );
}

/**
 * Reads every entry of a zip the way an unzip tool does: from the central directory, each entry's
 * bytes inflated (method 8) or taken as stored (method 0), with the CRC-32 the zip records and the
 * CRC-32 of those bytes. Throws when the zip's structure is broken or an entry does not inflate.
 */
export function readZipEntries(zip: Uint8Array): ZipEntryCheck[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = zip.byteLength - 22;
  while (end >= 0 && view.getUint32(end, true) !== CENTRAL_END) end--;
  if (end < 0) throw new Error('not a zip: no end of central directory');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const decoder = new TextDecoder();
  const entries: ZipEntryCheck[] = [];
  for (let index = 0; index < count; index++) {
    if (view.getUint32(at, true) !== CENTRAL_ENTRY)
      throw new Error(`broken central entry ${index}`);
    const method = view.getUint16(at + 10, true);
    const time = view.getUint16(at + 12, true);
    const date = view.getUint16(at + 14, true);
    const crc = view.getUint32(at + 16, true);
    const compressedSize = view.getUint32(at + 20, true);
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const localAt = view.getUint32(at + 42, true);
    const name = decoder.decode(zip.subarray(at + 46, at + 46 + nameLength));
    at += 46 + nameLength + extraLength + commentLength;
    if (view.getUint32(localAt, true) !== LOCAL_ENTRY) throw new Error(`broken entry ${name}`);
    const dataAt =
      localAt + 30 + view.getUint16(localAt + 26, true) + view.getUint16(localAt + 28, true);
    const raw = zip.subarray(dataAt, dataAt + compressedSize);
    let bytes: Uint8Array;
    if (method === 0) bytes = raw;
    else if (method === 8) {
      try {
        bytes = inflateRawSync(raw);
      } catch (error) {
        throw new Error(`${name} does not inflate: ${(error as Error).message}`, { cause: error });
      }
    } else throw new Error(`${name} uses compression method ${method}`);
    entries.push({
      name,
      crc,
      actualCrc: crc32(bytes),
      size,
      actualSize: bytes.byteLength,
      mtime: fromDosTime(date, time),
    });
  }
  return entries;
}

/** The entries whose bytes do not match the CRC-32 or size the zip records for them (none: sound). */
export function findUnsoundEntries(zip: Uint8Array): string[] {
  return readZipEntries(zip)
    .filter((entry) => entry.crc !== entry.actualCrc || entry.size !== entry.actualSize)
    .map((entry) => entry.name);
}
