import { describe, expect, it } from 'vitest';
import { enquiryReference } from './reference';

describe('enquiryReference', () => {
  it('is TW- and the first 8 characters of the id in upper case', () => {
    expect(enquiryReference('1fb19480-3c2d-4e5f-8a9b-0c1d2e3f4a5b')).toBe('TW-1FB19480');
    expect(enquiryReference('00ab00cd-0000-4000-8000-000000000000')).toBe('TW-00AB00CD');
  });
});
