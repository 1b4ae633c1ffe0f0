/**
 * A UUID from 16 bytes, with the version and variant bits RFC 9562 sets
 * (section 4): the page makes random ones (version 4) where the browser has
 * no crypto.randomUUID, the service names a form post's key (version 8).
 */
export function uuidFromBytes(bytes: Uint8Array, version: 4 | 8): string {
  const set = Uint8Array.from(bytes.subarray(0, 16));
  set[6] = (set[6]! & 0x0f) | (version << 4);
  set[8] = (set[8]! & 0x3f) | 0x80; // variant 10xx
  const hex = Array.from(set, (byte) => byte.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
