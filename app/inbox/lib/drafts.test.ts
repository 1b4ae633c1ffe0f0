import { describe, expect, it } from 'vitest';
import { Drafts } from './drafts';

describe('Drafts', () => {
  it('keeps a text for the person who wrote it, across their next sign-in', () => {
    const drafts = new Drafts();
    drafts.of('ann').set('note:1', 'Called back, no answer.');
    expect(drafts.of('ann').get('note:1')).toBe('Called back, no answer.');
  });

  it('gives another person none of it', () => {
    const drafts = new Drafts();
    drafts.of('ann').set('note:1', 'Called back, no answer.');
    expect(drafts.of('ben').get('note:1')).toBe('');
    expect(drafts.of('ann').get('note:1')).toBe('');
  });

  it('drops a text emptied, and everything when cleared', () => {
    const drafts = new Drafts().of('ann');
    drafts.set('note:1', 'Draft');
    drafts.set('note:1', '  ');
    expect(drafts.get('note:1')).toBe('');
    drafts.set('note:2', 'Draft');
    drafts.clear();
    expect(drafts.of('ann').get('note:2')).toBe('');
  });
});
