import { describe, expect, it } from 'vitest';
import { addToast, closeToast, removeToast, type ToastItem } from './toast-queue';

const toast = (id: string): ToastItem => ({ id, title: `Toast ${id}`, open: true });

describe('toast queue', () => {
  it('keeps only one notification, the newest', () => {
    const one = addToast([], toast('1'));
    const two = addToast(one, toast('2'));
    expect(two.map((t) => t.id)).toEqual(['2']);
  });

  it('closes a dismissed notification but keeps it until removal', () => {
    const list = closeToast([toast('1')], '1');
    expect(list).toEqual([{ id: '1', title: 'Toast 1', open: false }]);
  });

  it('removes only the notification named', () => {
    expect(removeToast([toast('1')], '2')).toHaveLength(1);
    expect(removeToast([toast('1')], '1')).toHaveLength(0);
  });
});
