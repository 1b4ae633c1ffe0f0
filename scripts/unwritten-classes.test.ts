import { describe, expect, it } from 'vitest';
import { classesOfCss, unwrittenClasses } from './unwritten-classes';

const CSS =
  '.btn{padding:1rem}.focus\\:ring:focus{outline:0}.md\\:py-20{padding:5rem 0}@media (min-width:768px){.md\\:px-8,a .sr-only>b{margin:0}}' +
  '.\\[content-visibility\\:auto\\]{content-visibility:auto}.view-transition-name{view-transition-name:name}';

describe('classesOfCss', () => {
  it('names each class a selector names, unescaped, and nothing from the declarations', () => {
    expect(classesOfCss(CSS)).toEqual([
      'btn',
      'focus:ring',
      'md:py-20',
      'md:px-8',
      'sr-only',
      '[content-visibility:auto]',
      'view-transition-name',
    ]);
  });
});

describe('unwrittenClasses', () => {
  it('finds a class no source writes, counting a variant group as writing its utilities', () => {
    const sources = `shortcuts: { btn: '' }; className="focus:ring md:(py-20 px-8) sr-only [content-visibility:auto]"`;
    expect(unwrittenClasses(CSS, sources)).toEqual(['view-transition-name']);
  });
});
