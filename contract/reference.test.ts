import { describe, expect, it } from 'vitest';
import { enquiryReference, referencedIdPrefix } from './reference';

describe('enquiryReference', () => {
  it('is TW- and the first 8 characters of the id in upper case', () => {
    expect(enquiryReference('1fb19480-3c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBe('TW-1FB19480');
    expect(enquiryReference('00ab00cd-0000-4000-8000-000000000000')).toBe('TW-00AB00CD');
  });
});

describe('referencedIdPrefix', () => {
  it('reads the id’s first 8 characters back from a reference, in any case and with spaces around it', () => {
    expect(referencedIdPrefix(enquiryReference('1fb19480-3c2d-4e5f-8a9b-0c1d2e3f4a5b'))).toBe('1fb19480');
    expect(referencedIdPrefix(' tw-00AB00cd ')).toBe('00ab00cd');
  });

  it('is null for anything else: an id, a short or long reference, other characters', () => {
    for (const text of ['1fb19480-3c2d-4e5f-8a9b-0c1d2e3f4a5b', 'TW-1FB1948', 'TW-1FB194801', 'TW-1FB1948G', 'XX-1FB19480', '']) {
      expect(referencedIdPrefix(text), text).toBeNull();
    }
  });
});
